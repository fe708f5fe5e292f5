import CMalloc

/// The executable's code pages, given back between the phases of a process's life: the start
/// (parsing, settings, the library) and a session in a one-shot `meditate`; a session and the
/// idle time after it in the service. A page given back is a clean page of the file, mapped
/// again from the page cache (a minor fault) when its code next runs, so only what runs from
/// then on is resident: measured on `meditate play` of an hour's MP3, the code resident fell
/// from 11.7 MiB to what playing needs.
///
/// Never while a session plays: the render and output threads must not fault on code they had.
/// (An idle service's device may still play silence for a while: a fault there is not heard.)
package enum CodePages {
    package static func giveBack() {
        _ = meditate_release_code_pages()
    }
}
