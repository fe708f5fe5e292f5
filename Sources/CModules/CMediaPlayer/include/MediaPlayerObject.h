#ifndef MEDITATE_MEDIA_PLAYER_OBJECT_H
#define MEDITATE_MEDIA_PLAYER_OBJECT_H

#include <stdint.h>

// sd-bus's types only as names: the Swift side reaches sd-bus through the CSystemd module, and
// two modules declaring the same complete types would clash.
struct sd_bus;
struct sd_bus_message;
struct sd_bus_slot;

/// What the MPRIS object asks of its owner, on the bus's thread. `get` appends the value of
/// `property` of `interface` to `reply`; `call` carries out `member` (its arguments still to be
/// read from `message`). Each returns 0, or a negative errno that becomes the caller's error.
typedef struct meditate_media_player_handlers {
    void *context;
    int (*get)(void *context, const char *interface, const char *property, struct sd_bus_message *reply);
    int (*call)(void *context, const char *interface, const char *member, struct sd_bus_message *message);
} meditate_media_player_handlers;

/// Puts org.mpris.MediaPlayer2 and org.mpris.MediaPlayer2.Player at /org/mpris/MediaPlayer2 on
/// `bus`, answered through `handlers` (which must outlive the slots). sd-bus's vtables are C
/// macros, which Swift cannot expand: that is all this file is for.
int meditate_media_player_add(
    struct sd_bus *bus, meditate_media_player_handlers *handlers, struct sd_bus_slot **root,
    struct sd_bus_slot **player);

/// PropertiesChanged for the Player interface's `names` (a NULL-terminated list), with their values.
int meditate_media_player_changed(struct sd_bus *bus, char **names);

/// The Player's Seeked signal: the position jumped to `microseconds`.
int meditate_media_player_seeked(struct sd_bus *bus, int64_t microseconds);

#endif
