import CEmbeddedWeb
import DaybookEmbedded

extension EmbeddedFiles {
    /// The templates and the files behind static/, in their own C target so that editing one
    /// relinks only the programs that serve them.
    static let web = EmbeddedFiles(dbk_embedded_web_files)
}
