#include "MediaPlayerObject.h"

#include <errno.h>
#include <systemd/sd-bus.h>

static const char *object_path = "/org/mpris/MediaPlayer2";
static const char *player_interface = "org.mpris.MediaPlayer2.Player";

static int get_property(
    sd_bus *bus, const char *path, const char *interface, const char *property, sd_bus_message *reply,
    void *userdata, sd_bus_error *error) {
    (void)bus;
    (void)path;
    meditate_media_player_handlers *handlers = userdata;
    int status = handlers->get(handlers->context, interface, property, reply);
    return status < 0 ? sd_bus_error_set_errno(error, status) : 1;
}

static int call_method(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    meditate_media_player_handlers *handlers = userdata;
    int status = handlers->call(
        handlers->context, sd_bus_message_get_interface(message), sd_bus_message_get_member(message), message);
    if (status < 0) {
        return sd_bus_error_set_errno(error, status);
    }
    return sd_bus_reply_method_return(message, NULL);
}

// Constant for the life of the process: read once by a client, never announced as changed.
#define CONSTANT(name, signature) \
    SD_BUS_PROPERTY(name, signature, get_property, 0, SD_BUS_VTABLE_PROPERTY_CONST)
// Announced with its value in PropertiesChanged when it changes.
#define CHANGING(name, signature) \
    SD_BUS_PROPERTY(name, signature, get_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE)

static const sd_bus_vtable root_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Raise", "", "", call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Quit", "", "", call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    CONSTANT("CanQuit", "b"),
    CONSTANT("CanRaise", "b"),
    CONSTANT("HasTrackList", "b"),
    CONSTANT("Identity", "s"),
    CONSTANT("DesktopEntry", "s"),
    CONSTANT("SupportedUriSchemes", "as"),
    CONSTANT("SupportedMimeTypes", "as"),
    SD_BUS_VTABLE_END};

static const sd_bus_vtable player_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Next", "", "", call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Previous", "", "", call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Pause", "", "", call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("PlayPause", "", "", call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Stop", "", "", call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Play", "", "", call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("Seek", "x", SD_BUS_PARAM(Offset), "", , call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES(
        "SetPosition", "ox", SD_BUS_PARAM(TrackId) SD_BUS_PARAM(Position), "", , call_method,
        SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("OpenUri", "s", SD_BUS_PARAM(Uri), "", , call_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_SIGNAL_WITH_NAMES("Seeked", "x", SD_BUS_PARAM(Position), 0),
    CHANGING("PlaybackStatus", "s"),
    CONSTANT("Rate", "d"),
    CHANGING("Metadata", "a{sv}"),
    CONSTANT("Volume", "d"),
    // Read when asked, never announced: MPRIS clients extrapolate it from the rate.
    SD_BUS_PROPERTY("Position", "x", get_property, 0, 0),
    CONSTANT("MinimumRate", "d"),
    CONSTANT("MaximumRate", "d"),
    CONSTANT("CanGoNext", "b"),
    CONSTANT("CanGoPrevious", "b"),
    CHANGING("CanPlay", "b"),
    CHANGING("CanPause", "b"),
    CHANGING("CanSeek", "b"),
    CONSTANT("CanControl", "b"),
    SD_BUS_VTABLE_END};

int meditate_media_player_add(
    sd_bus *bus, meditate_media_player_handlers *handlers, sd_bus_slot **root, sd_bus_slot **player) {
    int status = sd_bus_add_object_vtable(bus, root, object_path, "org.mpris.MediaPlayer2", root_vtable, handlers);
    if (status < 0) {
        return status;
    }
    return sd_bus_add_object_vtable(bus, player, object_path, player_interface, player_vtable, handlers);
}

int meditate_media_player_changed(sd_bus *bus, char **names) {
    return sd_bus_emit_properties_changed_strv(bus, object_path, player_interface, names);
}

int meditate_media_player_seeked(sd_bus *bus, int64_t microseconds) {
    return sd_bus_emit_signal(bus, object_path, player_interface, "Seeked", "x", microseconds);
}
