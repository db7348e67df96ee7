import RestRunCLI

await RestRunCommand.main(plugins: [])
