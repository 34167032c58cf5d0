/// The SQLite schema of `state.db`, as numbered migrations. `PRAGMA user_version` holds the number of migrations
/// applied; `PRAGMA application_id` marks the file as ours so a foreign database is never written to.
enum StoreSchema {
    /// 'MTRM' — written once into a new file.
    static let applicationID: Int32 = 0x4D54_524D

    /// Each entry upgrades from version `index` to `index + 1`. Never edit a released migration: append.
    static let migrations: [String] = [
        // 1: the first schema.
        """
        CREATE TABLE active_trip (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            trip_json TEXT NOT NULL,
            boot_id TEXT,
            saved_unix_ms INTEGER NOT NULL
        );
        CREATE TABLE journal (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            t0_ns INTEGER NOT NULL,
            t0_unix_ms INTEGER NOT NULL,
            from_station TEXT NOT NULL,
            to_station TEXT NOT NULL,
            planned_s INTEGER NOT NULL,
            final_s INTEGER NOT NULL,
            confirmed_s INTEGER,
            outcome TEXT NOT NULL CHECK (outcome IN ('arrived', 'stopped', 'expired')),
            manual_corrections INTEGER NOT NULL,
            late_corrections INTEGER NOT NULL,
            gps_corrections INTEGER NOT NULL,
            transfers INTEGER NOT NULL
        );
        CREATE TABLE calibration (
            segment TEXT PRIMARY KEY,
            running_avg REAL, running_n INTEGER NOT NULL DEFAULT 0,
            dwell_avg REAL, dwell_n INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE routes (
            kind TEXT NOT NULL CHECK (kind IN ('selected', 'pinned', 'recent')),
            position INTEGER NOT NULL,
            from_station TEXT NOT NULL,
            to_station TEXT NOT NULL,
            PRIMARY KEY (kind, position)
        );
        CREATE TABLE calibration_sessions (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            line TEXT NOT NULL,
            direction TEXT NOT NULL,
            start_station TEXT NOT NULL,
            presses_ns TEXT NOT NULL,
            created_unix_ms INTEGER NOT NULL
        );
        """,
        // 2: the boot-time clock when the active trip was saved: a reading later than now under the same boot id
        // means the clock went backwards (a restored snapshot or container), and the trip must be re-anchored.
        """
        ALTER TABLE active_trip ADD COLUMN saved_boot_ns INTEGER;
        """,
        // 3: stretches the rider suspended, and schedule reminders. Existing tables and rows are kept as they are.
        """
        CREATE TABLE suspensions (
            position INTEGER PRIMARY KEY,
            from_station TEXT NOT NULL,
            to_station TEXT NOT NULL
        );
        CREATE TABLE reminders (
            position INTEGER PRIMARY KEY,
            hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
            minute INTEGER NOT NULL CHECK (minute BETWEEN 0 AND 59),
            days TEXT NOT NULL,
            from_station TEXT NOT NULL,
            to_station TEXT NOT NULL,
            created_unix_s INTEGER NOT NULL,
            last_fired_unix_s INTEGER
        );
        """,
        // 4: when "yours is next" sounded, so `metrotimer stats` can tell a late warning (an "I'm off" before it).
        """
        ALTER TABLE journal ADD COLUMN next_stop_s INTEGER;
        """,
        // 5: recorded rides (`metrotimer record-motion`): the accelerometer's samples, one row per wake-up (a
        // second's samples packed as boot-time nanoseconds and x, y, z in m/s²), and the rider's presses at stops.
        """
        CREATE TABLE motion_recordings (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            label TEXT NOT NULL,
            started_unix_ms INTEGER NOT NULL,
            started_boot_ns INTEGER NOT NULL,
            ended_unix_ms INTEGER,
            end_reason TEXT CHECK (end_reason IN ('stopped', 'cap', 'restart', 'sensor', 'storage')),
            samples INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE motion_batches (
            recording INTEGER NOT NULL REFERENCES motion_recordings (id),
            first_boot_ns INTEGER NOT NULL,
            count INTEGER NOT NULL,
            samples BLOB NOT NULL
        );
        CREATE INDEX motion_batches_by_recording ON motion_batches (recording, first_boot_ns);
        CREATE TABLE motion_labels (
            recording INTEGER NOT NULL REFERENCES motion_recordings (id),
            boot_ns INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('stop'))
        );
        """,
    ]

    static var version: Int { migrations.count }
}
