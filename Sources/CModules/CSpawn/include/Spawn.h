#ifndef MEDITATE_SPAWN_H
#define MEDITATE_SPAWN_H

#include <spawn.h>

/// Adds to `actions` the closing of every descriptor from `lowest` up, in the child before it
/// runs its program: glibc's posix_spawn_file_actions_addclosefrom_np (2.34 and later), which
/// Swift's Glibc module does not show, since it reads the headers without _GNU_SOURCE.
/// Returns 0, or an errno value.
int meditate_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

#endif
