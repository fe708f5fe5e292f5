#include <alsa/asoundlib.h>

// ALSA prints its own errors to stderr through a variadic handler, which Swift cannot write;
// meditate reports every failure itself, in one line, so the library is told to stay quiet.
static void meditate_alsa_no_messages(const char *file, int line, const char *function, int err,
                                      const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline void meditate_alsa_silence_errors(void) {
    snd_lib_error_set_handler(meditate_alsa_no_messages);
}
