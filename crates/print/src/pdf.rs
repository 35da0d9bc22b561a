//! SVG pages to one PDF: each page converted by `svg2pdf` to a form
//! XObject, placed on a page of the paper's size.

use crate::{Kit, PrintError};
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, TextStr};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};
use svg2pdf::usvg;

/// Points per millimetre.
const PT_PER_MM: f64 = 72.0 / 25.4;

fn fonts() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(dejavu::sans::regular().to_vec());
        db.load_font_data(dejavu::sans::bold().to_vec());
        db.set_sans_serif_family("DejaVu Sans");
        Arc::new(db)
    })
    .clone()
}

pub(crate) fn to_pdf(kit: &Kit) -> Result<Vec<u8>, PrintError> {
    let (w, h) = kit.paper.size_mm();
    #[allow(clippy::cast_possible_truncation)]
    let (wp, hp) = ((w * PT_PER_MM) as f32, (h * PT_PER_MM) as f32);
    let mut alloc = Ref::new(1);
    let catalog = alloc.bump();
    let tree_ref = alloc.bump();
    let mut pdf = Pdf::new();
    let mut page_refs = Vec::new();
    let options = usvg::Options {
        font_family: "DejaVu Sans".into(),
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    for i in 0..kit.pages.len() {
        let svg = kit.page_svg(i);
        let err = |message: String| PrintError::Svg {
            page: i + 1,
            message,
        };
        let tree = usvg::Tree::from_str(&svg, &options).map_err(|e| err(e.to_string()))?;
        let (chunk, svg_ref) = svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
            .map_err(|e| err(e.to_string()))?;
        let mut map = HashMap::new();
        let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| alloc.bump()));
        let svg_ref = map[&svg_ref];
        let page_ref = alloc.bump();
        let content_ref = alloc.bump();
        let mut page = pdf.page(page_ref);
        page.media_box(Rect::new(0.0, 0.0, wp, hp));
        page.parent(tree_ref);
        page.contents(content_ref);
        page.resources().x_objects().pair(Name(b"P1"), svg_ref);
        page.finish();
        let mut content = Content::new();
        content.save_state();
        content.transform([wp, 0.0, 0.0, hp, 0.0, 0.0]);
        content.x_object(Name(b"P1"));
        content.restore_state();
        pdf.stream(content_ref, &content.finish());
        pdf.extend(&chunk);
        page_refs.push(page_ref);
    }
    pdf.catalog(catalog).pages(tree_ref);
    #[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)]
    pdf.pages(tree_ref)
        .kids(page_refs.iter().copied())
        .count(page_refs.len() as i32);
    let info = alloc.bump();
    pdf.document_info(info)
        .producer(TextStr("tablero print (svg2pdf)"));
    Ok(pdf.finish())
}
