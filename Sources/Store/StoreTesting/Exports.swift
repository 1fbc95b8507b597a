// A test file needs one import: `import StoreTesting` brings the core (`Store`, `TestStore`), the
// action log and property testing along with the failure reporting defined in this module.
@_exported import ActionLog
@_exported import PropertyTesting
@_exported import Store
