import Foundation

/// Python modules some tests compare rest-run with (botocore, grpcio), installed by `.ci/run`.
public enum PythonModules {
    /// Why `modules` (comma-separated, as `import` takes them) cannot be imported by python3, or nil
    /// when they can; `install` names what to install.
    public static func missing(_ modules: String, install: String) -> String? {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", "import \(modules)"]
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return "python3 is not installed" }
        check.waitUntilExit()
        return check.terminationStatus == 0 ? nil : "\(modules) cannot be imported (pip install \(install))"
    }
}
