import Foundation
import RestRunTestSupport
import Testing

/// `.rest-run.yaml`, the user's config file and `REST_RUN_*` variables, layer by layer, through
/// the binary.
@Suite("Config files", .serialized)
struct ConfigFileTests {
    let binary = BinaryRunner()

    /// A repository (a folder with `.git`) holding `sub/`, a user config folder, and a request file
    /// against the mock's echo, so that what was sent can be read back.
    struct Repository {
        let root: String
        var sub: String { root + "/repo/sub" }
        var repo: String { root + "/repo" }
        var userConfig: String { root + "/xdg" }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)").path
            for folder in ["/repo/.git", "/repo/sub", "/xdg/rest-run"] {
                try FileManager.default.createDirectory(atPath: root + folder, withIntermediateDirectories: true)
            }
            try "routes:\n  - path: /echo\n    method: \"*\"\n    echo: true\n".write(toFile: repo + "/routes.yaml", atomically: true, encoding: .utf8)
            try """
                requests:
                  - name: echo
                    url: "{{mock_url}}/echo?env={{env}}"
                    capture: { sent: $.headers }
                    expect: { status: 200 }
                """.write(toFile: sub + "/echo.yaml", atomically: true, encoding: .utf8)
        }

        func write(_ path: String, _ text: String) throws {
            try text.write(toFile: root + "/" + path, atomically: true, encoding: .utf8)
        }
    }

    func run(_ repository: Repository, _ arguments: [String] = [], environment: [String: String] = [:]) async throws -> BinaryRunner.Output {
        var environment = environment
        environment["XDG_CONFIG_HOME"] = environment["XDG_CONFIG_HOME"] ?? repository.userConfig
        return try await binary.run(
            ["echo.yaml", "--mock", "../routes.yaml", "--report-json", "-"] + arguments, in: repository.sub, environment: environment)
    }

    @Test("precedence, layer by layer: command line, environment, project file, user file; merged key by key")
    func precedence() async throws {
        let repository = try Repository()
        try repository.write("xdg/rest-run/config.yaml", "vars: { env: user, only_user: u }\nheaders: [\"X-User: 1\", \"X-Env: user\"]\ntimeout: 9s\n")
        let user = try await run(repository)
        #expect(user.status == 0, "\(user.all)")
        #expect(user.stdout.contains("env=user"))
        #expect(user.stdout.contains(#""x-env": "user""#), "\(user.stdout)")

        try repository.write("repo/.rest-run.yaml", "vars: { env: project }\nheaders: [\"X-Env: staging\"]\n")
        let project = try await run(repository)
        #expect(project.stdout.contains("env=project"), "\(project.all)")
        #expect(project.stdout.contains(#""x-env": "staging""#))
        #expect(project.stdout.contains(#""x-user": "1""#), "headers merge by name across layers")

        let environment = try await run(repository, environment: ["REST_RUN_VAR": "env=environment"])
        #expect(environment.stdout.contains("env=environment"), "\(environment.all)")

        let commandLine = try await run(repository, ["--var", "env=cli"], environment: ["REST_RUN_VAR": "env=environment"])
        #expect(commandLine.stdout.contains("env=cli"), "\(commandLine.all)")

        let none = try await run(repository, ["--no-config", "--var", "env=bare"])
        #expect(none.status == 0, "\(none.all)")
        #expect(!none.stdout.contains("x-user"), "--no-config reads neither file")

        // rest-run config says where each setting came from.
        let shown = try await binary.run(["config"], in: repository.sub, environment: ["XDG_CONFIG_HOME": repository.userConfig, "REST_RUN_TIMEOUT": "5s"])
        #expect(shown.status == 0, "\(shown.all)")
        #expect(shown.stdout.contains("timeout = 5s  (environment REST_RUN_TIMEOUT)"), "\(shown.stdout)")
        #expect(shown.stdout.contains("vars.env = project  (../.rest-run.yaml:1)"))
        #expect(shown.stdout.contains("vars.only_user = u  (\(repository.userConfig)/rest-run/config.yaml:1)"))
        #expect(shown.stdout.contains("headers.X-User = 1"))
    }

    @Test("the issue's example: report path, jobs and timeout from the file; REST_RUN_TIMEOUT over it")
    func example() async throws {
        let repository = try Repository()
        try repository.write(
            "repo/.rest-run.yaml",
            "{ timeout: 10s, jobs: 4, report-junit: build/junit.xml, vars: { env: staging }, headers: [\"X-Env: staging\"] }\n")
        let output = try await run(repository)
        #expect(output.status == 0, "\(output.all)")
        #expect(FileManager.default.fileExists(atPath: repository.repo + "/build/junit.xml"), "a report path is read from the file's folder")
        let shown = try await binary.run(["config"], in: repository.repo, environment: ["REST_RUN_TIMEOUT": "5s"])
        #expect(shown.stdout.contains("timeout = 5s  (environment REST_RUN_TIMEOUT)"))
        #expect(shown.stdout.contains("jobs = 4  (.rest-run.yaml:1)"))
        let cli = try await binary.run(["config", "--", "--timeout", "3s"], in: repository.repo, environment: ["REST_RUN_TIMEOUT": "5s"])
        #expect(cli.stdout.contains("timeout = 3s  (command line)"), "\(cli.stdout)")
        #expect(!cli.stdout.contains("timeout = 5s"))
    }

    @Test("an unknown key or a wrong type is exit 2 at its line; so is a bad REST_RUN_ value")
    func mistakes() async throws {
        let repository = try Repository()
        try repository.write("repo/.rest-run.yaml", "timeout: 10s\ntimout: 3s\n")
        let unknown = try await run(repository)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("../.rest-run.yaml:2:1: error: unknown key 'timout' in the config file (did you mean 'timeout'?)"), "\(unknown.stderr)")
        try repository.write("repo/.rest-run.yaml", "jobs: four\n")
        let type = try await run(repository)
        #expect(type.status == 2)
        #expect(type.stderr.contains("../.rest-run.yaml:1:1: error: The value 'four' is invalid for '--jobs <N>'"), "\(type.stderr)")
        try repository.write("repo/.rest-run.yaml", "fail-fast: maybe\ntag: { a: 1 }\n")
        let flag = try await run(repository)
        #expect(flag.status == 2)
        #expect(flag.stderr.contains("1:12: error: 'fail-fast' is a flag: true or false"))
        #expect(flag.stderr.contains("2:6: error: 'tag' takes a value, found a mapping"), "\(flag.stderr)")
        try repository.write("repo/.rest-run.yaml", "")
        let environment = try await run(repository, environment: ["REST_RUN_FAIL_FAST": "maybe"])
        #expect(environment.status == 2)
        #expect(environment.stderr.contains("REST_RUN_FAIL_FAST"))
        // --help works whatever the file says.
        try repository.write("repo/.rest-run.yaml", "nonsense: [\n")
        let help = try await binary.run(["--help"], in: repository.sub)
        #expect(help.status == 0)
    }

    @Test("the search stops at the repository's root; fuzz and load read their own sections")
    func searchAndSections() async throws {
        let repository = try Repository()
        try repository.write(".rest-run.yaml", "vars: { env: above-the-repository }\n")
        let output = try await run(repository, ["--var", "env=x"])
        #expect(output.status == 0, "\(output.all)")
        let shown = try await binary.run(["config"], in: repository.sub)
        #expect(!shown.stdout.contains("above-the-repository"), "\(shown.stdout)")
        try repository.write("repo/.rest-run.yaml", "jobs: 2\nfuzz: { max-examples: 7 }\nload: { vus: 3 }\nvars: { env: shared }\n")
        let fuzz = try await binary.run(["config", "--for", "fuzz"], in: repository.sub)
        #expect(fuzz.stdout.contains("max-examples = 7  (../.rest-run.yaml:2)"), "\(fuzz.stdout)")
        #expect(fuzz.stdout.contains("vars.env = shared"))
        #expect(!fuzz.stdout.contains("jobs"), "run's own options stay run's")
        let load = try await binary.run(["config", "--for", "load"], in: repository.sub, environment: ["REST_RUN_LOAD_VUS": "5"])
        #expect(load.stdout.contains("vus = 5  (environment REST_RUN_LOAD_VUS)"), "\(load.stdout)")
        try repository.write("repo/.rest-run.yaml", "fuzz: { max-exampels: 7 }\n")
        let typo = try await binary.run(["config", "--for", "fuzz"], in: repository.sub)
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("unknown key 'max-exampels' in 'fuzz' (did you mean 'max-examples'?)"), "\(typo.stderr)")
    }

    @Test("rest-run schema --config lists every option of run, and the sections")
    func schema() async throws {
        let output = try await binary.run(["schema", "--config"])
        #expect(output.status == 0)
        for key in ["\"timeout\"", "\"report-junit\"", "\"fail-fast\"", "\"vars\"", "\"headers\"", "\"fuzz\"", "\"load\"", "\"max-examples\"", "\"vus\""] {
            #expect(output.stdout.contains(key), "\(key)")
        }
    }
}
