import ArgumentParser
import Localization
import Settings

/// `meditate schedule` (and `meditate ctl schedule`): the sits, tracks and bells the service
/// plays on the clock.
struct CtlSchedule: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: localized(
            "Sits, guided tracks, bells and reminders on the clock: list, add, remove, pause for today, resume.",
            de:
                "Sitzen, geführte Aufnahmen, Glocken und Erinnerungen nach der Uhr: list, add, remove, pause (für heute), resume."
        ),
        discussion: localized(
            "The service plays them; they are kept in the library's database, so they outlive it. When no service runs, the change is made in the database and the service finds it when it starts.\n\nExamples:",
            de:
                "Der Dienst spielt sie; sie stehen in der Datenbank der Bibliothek und überdauern ihn. Läuft kein Dienst, wird die Änderung in der Datenbank gemacht, und der Dienst findet sie beim Start.\n\nBeispiele:"
        ) + """

              meditate schedule add --at 06:30 --days mon-fri sit --preset morning
              meditate schedule add --every 60 --from 09:00 --to 17:00 bell --gong bell
              meditate schedule add --at 21:00 play "Body scan" --then 10
              meditate schedule add --at 07:00 --days mon-fri remind --preset morning
              meditate schedule list
              meditate schedule pause 1      # not today
              meditate schedule remove 2
            """,
        subcommands: [
            CtlScheduleList.self, CtlScheduleAdd.self, CtlScheduleRemove.self, CtlSchedulePause.self,
            CtlScheduleResume.self
        ],
        defaultSubcommand: CtlScheduleList.self)
}
