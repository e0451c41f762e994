// Moved to acpc/acpc_client.h (library `acpc_client`, the layer below agent/ and tools/); this
// header keeps the agent:: names for code not yet updated.
#ifndef AGENT_ACPC_CLIENT_H_
#define AGENT_ACPC_CLIENT_H_

#include "acpc/acpc_client.h"

namespace agent {
using acpc::AcpcClientOptions;
using acpc::AcpcSession;
using acpc::PlayAcpcMatch;
}  // namespace agent

#endif  // AGENT_ACPC_CLIENT_H_
