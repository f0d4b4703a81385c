//! `--plot`: the chart of a sequence report — G(n) against n, the period marked — written as
//! SVG, or as PNG when the file name asks for it. The chart itself (model and drawing) is the
//! `grundy-chart` crate, shared with the Python package; the PNG is encoded by
//! [`super::picture::write_png`].

use std::path::{Path, PathBuf};

pub use grundy_chart::Chart;

use super::picture::{write_png, Picture};
use super::write::write_file;
use super::CliError;
/// The picture formats of `--plot`, chosen by the file name's extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PlotKind {
    Svg,
    Png,
}

impl PlotKind {
    fn of(path: &Path) -> Option<Self> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "svg" => Some(PlotKind::Svg),
            "png" => Some(PlotKind::Png),
            _ => None,
        }
    }
}

/// clap value parser for `--plot`: a file name ending in .svg or .png.
pub fn parse_plot_path(text: &str) -> Result<PathBuf, String> {
    match PlotKind::of(Path::new(text)) {
        Some(_) => Ok(PathBuf::from(text)),
        None => Err(format!(
            "plot file {text:?} has no known picture type: expected a name ending in .svg or .png"
        )),
    }
}

/// Writes `chart` to `path` in the format its name asks for.
pub fn write_plot(path: &Path, chart: &Chart) -> Result<(), CliError> {
    match PlotKind::of(path) {
        Some(PlotKind::Png) => write_png(&pixels(chart), path, "--plot"),
        _ => write_file(path, "--plot", grundy_chart::svg(chart).as_bytes()),
    }
}

/// The chart as a picture of [`grundy_chart::WIDTH`] × [`grundy_chart::HEIGHT`] pixels.
fn pixels(chart: &Chart) -> Picture {
    Picture {
        width: grundy_chart::WIDTH as usize,
        height: grundy_chart::HEIGHT as usize,
        rgb: grundy_chart::rgb(chart),
    }
}
