import Localization
import Settings

/// `hello`'s params: the language the connection's answers are to be in, if it asks for one.
struct HelloParams: Decodable, Sendable {
    let lang: Language?

    private enum Member: String, CodingKey { case lang }

    init(from decoder: any Decoder) throws {
        let members = try? decoder.container(keyedBy: Member.self)
        guard let members, members.contains(.lang) else {
            lang = nil
            return
        }
        guard let text = try? members.decode(String.self, forKey: .lang), let language = Language(rawValue: text) else {
            throw RequestRefusal(localized("lang is en or de", de: "lang ist en oder de"))
        }
        lang = language
    }
}
