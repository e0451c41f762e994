// Fuzzes the strategy file loader (solver::Blueprint::FromBytes). The first byte picks the mode:
// even, the rest is a file as it is (its checksums must hold for anything to load); odd, the rest
// is a header (protobuf) and a payload, split by the next two bytes, framed as the writer frames
// them with both checksums made to match, so that what a header may say (games, abstractions,
// sizes, encodings) is reached too. Any input must load or be refused, never crash or allocate
// without bound.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "poker/file_io.h"
#include "proto/solver_strategy.pb.h"
#include "solver/strategy_file.h"

namespace {

std::string Framed(const std::string& header_bytes, const std::string& payload) {
  solver_proto::StrategyHeader header;
  if (!header.ParseFromString(header_bytes)) return "";
  header.clear_header_checksum();
  header.set_payload_bytes(payload.size());
  header.set_payload_checksum(solver::PayloadChecksum(payload.data(), payload.size()));
  const bool checksummed = header.format_version() >= 4;
  const std::string serialized = header.SerializeAsString();
  const size_t length = serialized.size() + (checksummed ? 10 : 0);
  std::string out = "PKSOLVR1";
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>(length >> (8 * i) & 0xFF));
  out += serialized;
  if (checksummed) {
    const uint64_t checksum = poker::Fnv1a64(out);
    out += "\xC1\x01";
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>(checksum >> (8 * i) & 0xFF));
  }
  return out + payload;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const std::string rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  std::string file = rest;
  if (data[0] & 1) {
    if (rest.size() < 2) return 0;
    const size_t split =
        std::min<size_t>(rest.size() - 2, static_cast<unsigned char>(rest[0]) |
                                              static_cast<unsigned char>(rest[1]) << 8);
    file = Framed(rest.substr(2, split), rest.substr(2 + split));
    if (file.empty()) return 0;
  }
  absl::StatusOr<std::unique_ptr<solver::Blueprint>> bp =
      solver::Blueprint::FromBytes(file, "fuzz.strategy");
  (void)bp;
  return 0;
}
