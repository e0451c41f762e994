// Moved to cli/command_line.h (the `cli` layer below trainer/, agent/ and tools/); this header
// stays for code not yet updated.
#ifndef TOOLS_CLI_COMMAND_LINE_H_
#define TOOLS_CLI_COMMAND_LINE_H_

#include "cli/command_line.h"

#endif  // TOOLS_CLI_COMMAND_LINE_H_
