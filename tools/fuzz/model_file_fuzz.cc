// Fuzzes the opponent model loader (trainer::OpponentModel::FromBytes). The first byte picks the
// mode: even, the rest is a file as it is; odd, the rest is a serialised model to which the
// CRC-32 trailer is appended as the writer appends it, so that what a well-framed file may hold
// (counts, trees, abstractions, games) is reached too. Any input must load or be refused.
#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "trainer/opponent_model.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  std::string file(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (data[0] & 1) {
    // The trailer: field 1001, fixed32 (tag 0xCD 0x3E), the CRC-32 of every byte before it.
    const uint32_t crc = static_cast<uint32_t>(
        crc32(0L, reinterpret_cast<const Bytef*>(file.data()), static_cast<uInt>(file.size())));
    file += "\xCD\x3E";
    for (int i = 0; i < 4; ++i) file.push_back(static_cast<char>(crc >> (8 * i) & 0xFF));
  }
  absl::StatusOr<trainer::OpponentModel> model = trainer::OpponentModel::FromBytes(file, "fuzz.pb");
  (void)model;
  return 0;
}
