//! A host's view (issue #47): the unsubscribe page is styled by the web
//! app's style sheet. A real server on a free port of 127.0.0.1.

mod common;

#[tokio::test]
async fn the_unsubscribe_page_links_the_apps_style_sheet() {
    let s = common::start().await;
    let page = s
        .client
        .get(format!("{}/unsubscribe/some-key", s.base))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let href = page
        .split("<link rel=\"stylesheet\" href=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .unwrap_or_else(|| panic!("a style sheet in {page}"));
    let css = s
        .client
        .get(format!("{}{href}", s.base))
        .send()
        .await
        .unwrap();
    assert_eq!(css.status(), 200, "{href}");
    let kind = css.headers()["content-type"].to_str().unwrap().to_string();
    assert!(kind.starts_with("text/css"), "{href}: {kind}");
    let text = css.text().await.unwrap();
    assert_eq!(
        text,
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/style.css"))
            .unwrap(),
        "{href} is web/style.css"
    );
    // By its current version, so a browser may keep it.
    assert!(href.starts_with("/static/style.css?v="), "{href}");
}
