//! Pictures as RGB pixels, and the command line's one PNG encoder: every PNG it writes (the
//! `sequence --plot` chart, the `wythoff image`) goes through [`write_png`].

use std::path::Path;

use super::write::FileWriter;
use super::CliError;

/// An RGB picture.
pub struct Picture {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// Row-major RGB bytes, top row first.
    pub rgb: Vec<u8>,
}

impl Picture {
    /// A picture of one colour.
    pub fn new(width: usize, height: usize, background: [u8; 3]) -> Self {
        Picture {
            width,
            height,
            rgb: background.repeat(width * height),
        }
    }
}

/// Writes `picture` as an 8-bit RGB PNG to `path`, on behalf of the flag `flag` (see
/// [`super::write`] for how each kind of path is written).
pub fn write_png(picture: &Picture, path: &Path, flag: &str) -> Result<(), CliError> {
    let mut file = FileWriter::create(path, flag)?;
    let mut encoder = png::Encoder::new(&mut file, picture.width as u32, picture.height as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let io = |e: png::EncodingError| CliError::Io(std::io::Error::other(e));
    let mut writer = encoder.write_header().map_err(io)?;
    writer.write_image_data(&picture.rgb).map_err(io)?;
    writer.finish().map_err(io)?;
    file.finish()
}
