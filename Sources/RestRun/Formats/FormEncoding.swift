/// `application/x-www-form-urlencoded` as browsers write it: unreserved characters as they are,
/// spaces as `+`, everything else percent-encoded.
public enum FormEncoding {
    /// Encodes one name or value.
    public static func encode(_ text: String) -> String {
        URLBuilder.encode(text).replacing("%20", with: "+")
    }
}
