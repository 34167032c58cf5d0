// The recording test doubles of every engine seam live in `MetroLab`, which the accuracy lab drives the engine
// with too; re-exported here so every test file of this target sees them.
@_exported import MetroLab
