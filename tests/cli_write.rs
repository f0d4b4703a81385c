//! Every flag that writes a file, pointed at each kind of path: a symbolic link (followed, the
//! link kept), a named pipe and a character device (written in place, never replaced), and a
//! directory (refused with exit code 2). Everything happens inside a fresh temporary directory.

mod common;

use std::fs;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use common::grundy;

/// A fresh, empty directory for one test case.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-cli-write-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// One writer: the command's arguments for a path, the file name's ending it needs, and a check
/// of what it wrote.
struct Writer {
    name: &'static str,
    args: fn(&Path) -> Vec<String>,
    ending: &'static str,
    looks_right: fn(&[u8]) -> bool,
}

fn path_arg(path: &Path) -> String {
    path.to_str().expect("temp paths are UTF-8").to_string()
}

fn writers() -> Vec<Writer> {
    vec![
        Writer {
            name: "output-text",
            args: |p| args("sequence octal kayles --count 100 -o", p),
            ending: ".txt",
            looks_right: |b| b.starts_with(b"Octal game 0.77, G(0..99):\n0 1 2 3 1 4"),
        },
        Writer {
            name: "output-csv",
            args: |p| args("sequence octal kayles --count 100 --format csv --output", p),
            ending: ".csv",
            looks_right: |b| b.starts_with(b"n,value\n0,0\n1,1\n") && b.ends_with(b"99,8\n"),
        },
        Writer {
            name: "output-json",
            args: |p| args("sequence octal kayles --count 100 --format json -o", p),
            ending: ".json",
            looks_right: |b| {
                serde_json::from_slice::<serde_json::Value>(b)
                    .map(|d| d["values"].as_array().map(Vec::len) == Some(100))
                    .unwrap_or(false)
            },
        },
        Writer {
            name: "output-binary",
            args: |p| args("sequence octal kayles --count 100 --format binary -o", p),
            ending: ".bin",
            looks_right: |b| b.starts_with(b"GRUNDYSQ"),
        },
        Writer {
            name: "checkpoint",
            args: |p| args("sequence grundys-game --count 100 --checkpoint", p),
            ending: ".bin",
            looks_right: |b| b.starts_with(b"GRUNDYSQ"),
        },
        Writer {
            name: "plot-svg",
            args: |p| args("sequence octal kayles --count 100 --plot", p),
            ending: ".svg",
            looks_right: |b| b.starts_with(b"<svg") && b.ends_with(b"</svg>\n"),
        },
        Writer {
            name: "plot-png",
            args: |p| args("sequence octal kayles --count 100 --plot", p),
            ending: ".png",
            looks_right: |b| b.starts_with(b"\x89PNG"),
        },
        Writer {
            name: "wythoff-image",
            args: |p| args("wythoff image --size 16 -o", p),
            ending: ".png",
            looks_right: |b| b.starts_with(b"\x89PNG"),
        },
    ]
}

fn args(words: &str, path: &Path) -> Vec<String> {
    let mut args: Vec<String> = words.split(' ').map(String::from).collect();
    args.push(path_arg(path));
    args
}

fn run(writer: &Writer, path: &Path) -> std::process::Output {
    grundy().args((writer.args)(path)).output().expect("runs")
}

#[test]
fn a_symbolic_link_stays_a_link_and_its_target_gets_the_bytes() {
    for w in writers() {
        let dir = fresh_dir(&format!("link-{}", w.name));
        let real = dir.join(format!("real{}", w.ending));
        fs::write(&real, "old").unwrap();
        fs::set_permissions(&real, fs::Permissions::from_mode(0o640)).unwrap();
        // A relative link to a relative link to the file.
        let middle = dir.join(format!("middle{}", w.ending));
        let link = dir.join(format!("link{}", w.ending));
        std::os::unix::fs::symlink(real.file_name().unwrap(), &middle).unwrap();
        std::os::unix::fs::symlink(middle.file_name().unwrap(), &link).unwrap();
        let out = run(&w, &link);
        assert!(out.status.success(), "{}: {:?}", w.name, out);
        for l in [&link, &middle] {
            assert!(
                fs::symlink_metadata(l).unwrap().file_type().is_symlink(),
                "{}",
                w.name
            );
        }
        let bytes = fs::read(&real).unwrap();
        assert!((w.looks_right)(&bytes), "{}: {bytes:?}", w.name);
        let mode = fs::metadata(&real).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640, "{}: permissions kept", w.name);
        // Nothing but the three names is left in the directory (no temporary file).
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 3, "{}", w.name);
        // A dangling link: its target is created, the link kept.
        fs::remove_file(&real).unwrap();
        let out = run(&w, &link);
        assert!(out.status.success(), "{}: {:?}", w.name, out);
        assert!((w.looks_right)(&fs::read(&real).unwrap()), "{}", w.name);
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn a_regular_file_is_replaced_whole() {
    for w in writers() {
        let dir = fresh_dir(&format!("file-{}", w.name));
        let file = dir.join(format!("out{}", w.ending));
        // Longer than any output: a file written in place would keep its tail.
        fs::write(&file, vec![b'x'; 1 << 20]).unwrap();
        fs::set_permissions(&file, fs::Permissions::from_mode(0o600)).unwrap();
        let out = run(&w, &file);
        assert!(out.status.success(), "{}: {:?}", w.name, out);
        let bytes = fs::read(&file).unwrap();
        assert!(
            bytes.len() < 1 << 20 && (w.looks_right)(&bytes),
            "{}",
            w.name
        );
        let mode = fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{}", w.name);
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "{}", w.name);
        fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn a_named_pipe_is_written_in_place() {
    for w in writers() {
        let dir = fresh_dir(&format!("fifo-{}", w.name));
        let fifo = dir.join(format!("pipe{}", w.ending));
        let made = Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read(fifo).expect("the pipe is read"))
        };
        let out = run(&w, &fifo);
        // If the program never opened the pipe, open it once so the reader sees its end.
        let start = Instant::now();
        while !reader.is_finished() && start.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(20));
        }
        if !reader.is_finished() {
            drop(fs::OpenOptions::new().write(true).open(&fifo));
        }
        let bytes = reader.join().unwrap();
        assert!(out.status.success(), "{}: {:?}", w.name, out);
        assert!(
            (w.looks_right)(&bytes),
            "{}: {} bytes read",
            w.name,
            bytes.len()
        );
        let kind = fs::symlink_metadata(&fifo).unwrap().file_type();
        assert!(kind.is_fifo(), "{}: the pipe is still a pipe", w.name);
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "{}", w.name);
        fs::remove_dir_all(&dir).unwrap();
    }
}

/// A character device made with `mknod` (the null device's numbers, 1 3) inside the temporary
/// directory: written to, never replaced. Making a device needs root; where that is refused the
/// test fails in CI (the `CI` variable is set) and says clearly that it did not run otherwise.
#[test]
fn a_character_device_is_written_in_place() {
    let dir = fresh_dir("device");
    let device = dir.join("null");
    let made = Command::new("mknod")
        .arg(&device)
        .args(["c", "1", "3"])
        .output()
        .expect("mknod runs");
    if !made.status.success() {
        let why = String::from_utf8_lossy(&made.stderr);
        assert!(
            std::env::var_os("CI").is_none(),
            "mknod is not permitted here ({why}): the device test must run in CI"
        );
        eprintln!("NOT RUN: a_character_device_is_written_in_place (mknod refused: {why})");
        return;
    }
    for w in writers() {
        // The plot and image writers need their ending: name the device with it via a link.
        let path = dir.join(format!("device-{}{}", w.name, w.ending));
        std::os::unix::fs::symlink("null", &path).unwrap();
        let out = run(&w, &path);
        assert!(out.status.success(), "{}: {:?}", w.name, out);
        let kind = fs::symlink_metadata(&device).unwrap().file_type();
        assert!(kind.is_char_device(), "{}: still a device", w.name);
        fs::remove_file(&path).unwrap();
    }
    // And named directly.
    let out = grundy()
        .args(["sequence", "octal", "kayles", "--count", "100", "-o"])
        .arg(&device)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(fs::symlink_metadata(&device)
        .unwrap()
        .file_type()
        .is_char_device());
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_directory_is_refused_before_anything_is_computed() {
    for w in writers() {
        let dir = fresh_dir(&format!("dir-{}", w.name));
        let target = dir.join(format!("folder{}", w.ending));
        fs::create_dir(&target).unwrap();
        fs::write(target.join("keep"), "mine").unwrap();
        let out = run(&w, &target);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{}: {stderr}", w.name);
        assert!(
            stderr.contains(&path_arg(&target)) && stderr.contains("is a directory"),
            "{}: {stderr}",
            w.name
        );
        assert!(stderr.contains("expected a file's path"), "{stderr}");
        assert_eq!(fs::read(target.join("keep")).unwrap(), b"mine");
        fs::remove_dir_all(&dir).unwrap();
    }
}

/// A link to a directory is refused the same way, naming both.
#[test]
fn a_link_to_a_directory_is_refused() {
    let dir = fresh_dir("link-dir");
    fs::create_dir(dir.join("folder")).unwrap();
    let link = dir.join("link.txt");
    std::os::unix::fs::symlink("folder", &link).unwrap();
    let out = grundy()
        .args(["sequence", "octal", "kayles", "--count", "10", "-o"])
        .arg(&link)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("is a directory") && stderr.contains("folder"),
        "{stderr}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// Two flags that would write one file (directly or through a link) are refused up front; the
/// binary output and the checkpoint may share one, being the same bytes.
#[test]
fn two_flags_naming_one_file_are_refused() {
    let dir = fresh_dir("same-file");
    let file = dir.join("run.txt");
    let link = dir.join("link.txt");
    std::os::unix::fs::symlink("run.txt", &link).unwrap();
    for (a, b) in [(&file, &file), (&link, &file)] {
        let out = grundy()
            .args(["sequence", "octal", "kayles", "-o"])
            .arg(a)
            .arg("--checkpoint")
            .arg(b)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("name the same file"), "{stderr}");
        assert!(!file.exists());
    }
    let out = grundy()
        .args(["sequence", "octal", "kayles", "--format", "binary", "-o"])
        .arg(&file)
        .arg("--checkpoint")
        .arg(&link)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(fs::read(&file).unwrap().starts_with(b"GRUNDYSQ"));
    fs::remove_dir_all(&dir).unwrap();
}

/// Issue 65: a write that fails says which file and what was being done, with the system's
/// words after: here the path's parent is a regular file ("Not a directory"), for every flag
/// that writes (the survey's store too), exit code 1.
#[test]
fn a_failed_write_names_the_operation_and_the_file() {
    let dir = fresh_dir("under-a-file");
    let file = dir.join("plain");
    fs::write(&file, "mine").unwrap();
    let mut cases: Vec<(String, Vec<String>, String)> = writers()
        .into_iter()
        .map(|w| {
            let path = file.join(format!("out{}", w.ending));
            let args = (w.args)(&path);
            let flag = args[args.len() - 2].clone();
            let flag = if flag == "-o" {
                "--output".into()
            } else {
                flag
            };
            (
                w.name.to_string(),
                args,
                format!("cannot write {flag} \"{}\"", path_arg(&path)),
            )
        })
        .collect();
    for (name, words, flag, file_name) in [
        (
            "misere-checkpoint",
            "misere quotient 0.77 --max-heap 5 --checkpoint",
            "--checkpoint",
            "q.json",
        ),
        (
            "search-table",
            "search chomp 3x3 --table",
            "--table",
            "t.bin",
        ),
        (
            "hackenbush-draw",
            "hackenbush draw 0-1 -o",
            "--output",
            "p.svg",
        ),
    ] {
        let path = file.join(file_name);
        let expected = format!("cannot write {flag} \"{}\"", path_arg(&path));
        cases.push((name.into(), args(words, &path), expected));
    }
    let store = file.join("s.db");
    cases.push((
        "survey-store".into(),
        args("survey octal 0.77 --count 10 --db", &store),
        format!(
            "cannot open or create the survey store \"{}\"",
            path_arg(&store)
        ),
    ));
    for (name, args, expected) in cases {
        let out = grundy().args(&args).output().expect("runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {stderr}");
        assert!(
            stderr.contains(&expected),
            "{name}: expected {expected:?} in {stderr}"
        );
        // SQLite says "unable to open database file" in its own words.
        let system = if name == "survey-store" {
            "unable to open"
        } else {
            "Not a directory"
        };
        assert!(stderr.contains(system), "{name}: {stderr}");
    }
    assert_eq!(fs::read(&file).unwrap(), b"mine");
    fs::remove_dir_all(&dir).unwrap();
}
