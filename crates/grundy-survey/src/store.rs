//! The store: one SQLite file with one table, `members`, one row per member (docs/surveys.md
//! has the schema and queries). A file is opened, never emptied: a survey adds and updates rows,
//! a merge brings other stores' rows in. Each row is written in its own transaction, so a
//! survey stopped at any point keeps every member it finished.

use std::path::{Path, PathBuf};

use rusqlite::{params, Connection, OpenFlags, OptionalExtension, Row};

use crate::{Family, Member, RareSplit, Record, Stop};

/// `PRAGMA application_id` of a survey store ("GRND").
pub const APPLICATION_ID: i32 = 0x4752_4e44;
/// `PRAGMA user_version`: the schema's version.
pub const SCHEMA_VERSION: i32 = 1;

/// The schema (also in docs/surveys.md, which a test compares with this).
pub const SCHEMA: &str = "CREATE TABLE members (
    family       TEXT    NOT NULL,  -- 'octal', 'hex' or 'subtraction'
    code         TEXT    NOT NULL,  -- canonical: '0.77', '4.12', '0.8', '1,4,9'
    status       TEXT    NOT NULL CHECK (status IN ('periodic', 'open')),
    count        INTEGER NOT NULL,  -- values asked for
    computed     INTEGER NOT NULL,  -- values computed
    period       INTEGER,           -- least period, when proven
    preperiod    INTEGER,           -- least preperiod for it
    saltus       INTEGER,           -- what a period adds (0 but for arithmetic periods)
    max_value    INTEGER NOT NULL,  -- largest value computed
    max_value_at INTEGER NOT NULL,  -- least heap with it
    rare_mask    INTEGER,           -- the rare/common split: the mask,
    rare         INTEGER,           --   positions whose value is rare,
    common       INTEGER,           --   and common (NULL when values exceed 65535)
    stopped      TEXT CHECK (stopped IN ('time', 'memory', 'interrupted')), -- open short of count: why
    seconds      REAL    NOT NULL,  -- wall-clock time spent on the member
    engine       TEXT    NOT NULL,  -- the engine's version
    finished     TEXT    NOT NULL,  -- when the row was written (UTC, ISO 8601)
    PRIMARY KEY (family, code)
)";

/// The columns, in the schema's order.
pub const COLUMNS: [&str; 17] = [
    "family",
    "code",
    "status",
    "count",
    "computed",
    "period",
    "preperiod",
    "saltus",
    "max_value",
    "max_value_at",
    "rare_mask",
    "rare",
    "common",
    "stopped",
    "seconds",
    "engine",
    "finished",
];

/// Why the store could not do what was asked.
#[derive(Debug)]
pub enum StoreError {
    /// The file is not a survey store (another database, or not SQLite), or of a newer schema.
    NotAStore {
        /// The file.
        path: PathBuf,
        /// What it is instead.
        why: String,
    },
    /// Two stores disagree on a proven period: one of them is wrong.
    Conflict {
        /// The member.
        member: String,
        /// What each says.
        why: String,
    },
    /// SQLite failed (the file cannot be read or written).
    Sqlite {
        /// The file.
        path: PathBuf,
        /// What was being done with it, as a verb: `open or create`, `write to`.
        doing: &'static str,
        /// SQLite's error.
        error: rusqlite::Error,
    },
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::NotAStore { path, why } => write!(
                f,
                "{} is not a survey store ({why}); give a new file name or a store that \
                 `grundy survey` wrote",
                path.display()
            ),
            StoreError::Conflict { member, why } => {
                write!(f, "the stores disagree on {member}: {why}")
            }
            StoreError::Sqlite { path, doing, error } => write!(
                f,
                "cannot {doing} the survey store {:?}: {error}",
                path.display().to_string()
            ),
        }
    }
}

impl std::error::Error for StoreError {}

/// A survey store, open.
pub struct Store {
    conn: Connection,
    path: PathBuf,
}

impl Store {
    /// Opens the store at `path`, creating it (and its table) when the file does not exist or
    /// is empty. Refuses any other file: a database of another kind is never changed.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        let conn = Connection::open(path).map_err(|e| sqlite(path, "open or create", e))?;
        Self::init(conn, path, true)
    }

    /// Opens an existing store to read it (merge inputs, exports).
    pub fn open_read(path: &Path) -> Result<Self, StoreError> {
        if !path.is_file() {
            return Err(StoreError::NotAStore {
                path: path.into(),
                why: "no such file".into(),
            });
        }
        let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)
            .map_err(|e| sqlite(path, "open", e))?;
        Self::init(conn, path, false)
    }

    fn init(conn: Connection, path: &Path, create: bool) -> Result<Self, StoreError> {
        let not_sqlite = |e: rusqlite::Error| match e {
            rusqlite::Error::SqliteFailure(ref f, _)
                if f.code == rusqlite::ErrorCode::NotADatabase =>
            {
                StoreError::NotAStore {
                    path: path.into(),
                    why: "not an SQLite file".into(),
                }
            }
            e => sqlite(path, "set up", e),
        };
        conn.busy_timeout(std::time::Duration::from_secs(10))
            .map_err(not_sqlite)?;
        let app: i32 = conn
            .pragma_query_value(None, "application_id", |r| r.get(0))
            .map_err(not_sqlite)?;
        let version: i32 = conn
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .map_err(not_sqlite)?;
        let tables: i64 = conn
            .query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))
            .map_err(not_sqlite)?;
        let store = Store {
            conn,
            path: path.into(),
        };
        if app == APPLICATION_ID {
            if version != SCHEMA_VERSION {
                return Err(StoreError::NotAStore {
                    path: path.into(),
                    why: format!(
                        "its schema is version {version}; this grundy reads version \
                         {SCHEMA_VERSION}"
                    ),
                });
            }
            return Ok(store);
        }
        if tables != 0 || app != 0 {
            return Err(StoreError::NotAStore {
                path: path.into(),
                why: "an SQLite database of another kind".into(),
            });
        }
        if !create {
            return Err(StoreError::NotAStore {
                path: path.into(),
                why: "an empty file".into(),
            });
        }
        store
            .conn
            .execute_batch(&format!(
                "BEGIN; {SCHEMA}; PRAGMA application_id = {APPLICATION_ID}; \
                 PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;"
            ))
            .map_err(|e| store.error(e))?;
        Ok(store)
    }

    fn error(&self, e: rusqlite::Error) -> StoreError {
        sqlite(&self.path, "read or write", e)
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The member's row, if any.
    pub fn get(&self, member: &Member) -> Result<Option<Record>, StoreError> {
        self.conn
            .query_row(
                &format!(
                    "SELECT {} FROM members WHERE family = ?1 AND code = ?2",
                    COLUMNS.join(", ")
                ),
                params![member.family.game(), member.code],
                read_row,
            )
            .optional()
            .map_err(|e| self.error(e))
    }

    /// Writes the member's row, replacing what was there, stamped with the time now.
    pub fn put(&self, record: &Record) -> Result<(), StoreError> {
        put_with(&self.conn, record, false).map_err(|e| self.error(e))?;
        Ok(())
    }

    /// Every row, by family and code.
    pub fn records(&self) -> Result<Vec<Record>, StoreError> {
        let mut statement = self
            .conn
            .prepare(&format!(
                "SELECT {} FROM members ORDER BY family, code",
                COLUMNS.join(", ")
            ))
            .map_err(|e| self.error(e))?;
        let rows = statement
            .query_map([], read_row)
            .map_err(|e| self.error(e))?
            .collect::<Result<Vec<_>, _>>();
        rows.map_err(|e| self.error(e))
    }

    /// Brings `other`'s rows in: a member new here is added; one in both keeps the better row
    /// (a proven period over none, then more values computed). Two different proven periods
    /// of one member are a conflict and nothing of `other` is written. Returns how many rows
    /// were added or replaced.
    pub fn merge(&mut self, other: &Store) -> Result<usize, StoreError> {
        let incoming = other.records()?;
        let path = self.path.clone();
        let tx = self
            .conn
            .transaction()
            .map_err(|e| sqlite(&path, "merge into", e))?;
        let mut changed = 0;
        for record in incoming {
            let member = Member {
                family: record.family,
                code: record.code.clone(),
            };
            let existing = tx
                .query_row(
                    &format!(
                        "SELECT {} FROM members WHERE family = ?1 AND code = ?2",
                        COLUMNS.join(", ")
                    ),
                    params![member.family.game(), member.code],
                    read_row,
                )
                .optional()
                .map_err(|e| sqlite(&path, "merge into", e))?;
            let take = match &existing {
                None => true,
                Some(old) => better(&record, old, &member)?,
            };
            if take {
                put_with(&tx, &record, true).map_err(|e| sqlite(&path, "merge into", e))?;
                changed += 1;
            }
        }
        tx.commit().map_err(|e| sqlite(&path, "merge into", e))?;
        Ok(changed)
    }

    /// Every row as CSV (a header line, then one line per member), in the schema's columns.
    pub fn write_csv(&self, out: &mut dyn std::io::Write) -> Result<(), StoreError> {
        let mut statement = self
            .conn
            .prepare(&format!(
                "SELECT {} FROM members ORDER BY family, code",
                COLUMNS.join(", ")
            ))
            .map_err(|e| self.error(e))?;
        // The writer names its own file (the command line's `FileWriter`) in `e`.
        let io = |e: std::io::Error| StoreError::Sqlite {
            path: self.path.clone(),
            doing: "export",
            error: rusqlite::Error::ToSqlConversionFailure(Box::new(e)),
        };
        writeln!(out, "{}", COLUMNS.join(",")).map_err(io)?;
        let mut rows = statement.query([]).map_err(|e| self.error(e))?;
        while let Some(row) = rows.next().map_err(|e| self.error(e))? {
            let mut fields = Vec::with_capacity(COLUMNS.len());
            for i in 0..COLUMNS.len() {
                let value: rusqlite::types::Value = row.get(i).map_err(|e| self.error(e))?;
                fields.push(match value {
                    rusqlite::types::Value::Null => String::new(),
                    rusqlite::types::Value::Integer(n) => n.to_string(),
                    rusqlite::types::Value::Real(x) => format!("{x:.3}"),
                    rusqlite::types::Value::Text(t) if t.contains([',', '"', '\n']) => {
                        format!("\"{}\"", t.replace('"', "\"\""))
                    }
                    rusqlite::types::Value::Text(t) => t,
                    rusqlite::types::Value::Blob(_) => String::new(),
                });
            }
            writeln!(out, "{}", fields.join(",")).map_err(io)?;
        }
        Ok(())
    }
}

/// Whether `new` should replace `old` (rows of one member) in a merge.
fn better(new: &Record, old: &Record, member: &Member) -> Result<bool, StoreError> {
    let proof = |r: &Record| (r.period, r.preperiod, r.saltus);
    match (new.is_periodic(), old.is_periodic()) {
        (true, true) if proof(new) != proof(old) => Err(StoreError::Conflict {
            member: member.to_string(),
            why: format!(
                "period {:?} preperiod {:?} in one, period {:?} preperiod {:?} in the other",
                new.period, new.preperiod, old.period, old.preperiod
            ),
        }),
        (true, true) => Ok(false),
        (true, false) => Ok(true),
        (false, true) => Ok(false),
        (false, false) => Ok(new.computed > old.computed),
    }
}

/// Writes a row; `keep_time` keeps the record's own `finished` time (a merged row), otherwise
/// the time now is written.
fn put_with(conn: &Connection, record: &Record, keep_time: bool) -> rusqlite::Result<usize> {
    let placeholders: Vec<String> = (1..COLUMNS.len()).map(|i| format!("?{i}")).collect();
    let rare = record.rare;
    let now = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')";
    let time = match (&record.finished, keep_time) {
        (Some(_), true) => format!("?{}", COLUMNS.len()),
        _ => format!("coalesce(?{}, {now})", COLUMNS.len()),
    };
    let finished = if keep_time {
        record.finished.clone()
    } else {
        None
    };
    conn.execute(
        &format!(
            "INSERT OR REPLACE INTO members ({}) VALUES ({}, {time})",
            COLUMNS.join(", "),
            placeholders.join(", ")
        ),
        params![
            record.family.game(),
            record.code,
            record.status(),
            record.count as i64,
            record.computed as i64,
            record.period.map(|v| v as i64),
            record.preperiod.map(|v| v as i64),
            record.saltus.map(|v| v as i64),
            record.max_value as i64,
            record.max_value_at as i64,
            rare.map(|r| r.mask as i64),
            rare.map(|r| r.rare as i64),
            rare.map(|r| r.common as i64),
            record.stopped.map(Stop::as_str),
            record.seconds,
            record.engine,
            finished,
        ],
    )
}

fn read_row(row: &Row<'_>) -> rusqlite::Result<Record> {
    let family: String = row.get(0)?;
    let family = Family::parse(&family).map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, Box::new(e))
    })?;
    let u = |i: usize| -> rusqlite::Result<u64> { Ok(row.get::<_, i64>(i)? as u64) };
    let o = |i: usize| -> rusqlite::Result<Option<u64>> {
        Ok(row.get::<_, Option<i64>>(i)?.map(|v| v as u64))
    };
    let rare = match (o(10)?, o(11)?, o(12)?) {
        (Some(mask), Some(rare), Some(common)) => Some(RareSplit { mask, rare, common }),
        _ => None,
    };
    let stopped: Option<String> = row.get(13)?;
    Ok(Record {
        family,
        code: row.get(1)?,
        count: u(3)?,
        computed: u(4)?,
        period: o(5)?,
        preperiod: o(6)?,
        saltus: o(7)?,
        max_value: u(8)?,
        max_value_at: u(9)?,
        rare,
        stopped: stopped.as_deref().and_then(Stop::parse),
        seconds: row.get(14)?,
        engine: row.get(15)?,
        finished: Some(row.get(16)?),
    })
}

fn sqlite(path: &Path, doing: &'static str, error: rusqlite::Error) -> StoreError {
    StoreError::Sqlite {
        path: path.into(),
        doing,
        error,
    }
}

/// Where a member's checkpoint lives in a checkpoint directory: `FAMILY-CODE.ckpt`, the code's
/// characters other than letters, digits, `.` and `,` written as `_`.
pub fn checkpoint_path(dir: &Path, member: &Member) -> PathBuf {
    let code: String = member
        .code
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == ',' {
                c
            } else {
                '_'
            }
        })
        .collect();
    dir.join(format!("{}-{code}.ckpt", member.family.game()))
}
