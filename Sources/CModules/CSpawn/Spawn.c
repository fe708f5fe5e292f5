// Compiled on its own with _GNU_SOURCE, so that spawn.h declares glibc's GNU extensions.
#define _GNU_SOURCE
#include <spawn.h>
#include "Spawn.h"

int meditate_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}
