//! The rules pages, the printed kits and the cards over HTTP: a real server
//! on a free port (`GET /api/rules/{game}?lang=`, `GET
//! /api/print/{game}.pdf`, `GET /api/cards/{n}.svg`).

use serde_json::Value;

mod common;
use common::{start, Server};

/// Status, content type, content disposition and body of a GET.
async fn get(s: &Server, path: &str) -> (u16, String, String, Vec<u8>) {
    let res = s
        .client
        .get(format!("{}{path}", s.base))
        .send()
        .await
        .unwrap();
    let header = |name: &str| {
        res.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string()
    };
    let (ct, cd) = (header("content-type"), header("content-disposition"));
    let status = res.status().as_u16();
    (status, ct, cd, res.bytes().await.unwrap().to_vec())
}

fn json(body: &[u8]) -> Value {
    serde_json::from_slice(body).expect("a JSON body")
}

#[tokio::test]
async fn rules_pages_for_players_in_both_languages_with_the_details() {
    let s = start().await;
    for game in ["imago", "jarmo", "linja", "dimensiones"] {
        let (st, ct, _, body) = get(&s, &format!("/api/rules/{game}?lang=es")).await;
        assert_eq!(st, 200, "{game}");
        assert!(ct.starts_with("application/json"));
        let es = json(&body);
        assert_eq!(es["lang"], "es");
        let page = es["markdown"].as_str().unwrap();
        assert!(page.starts_with("# Cómo jugar"), "{game}: {page:.40}");
        for heading in [
            "## El objetivo",
            "## Preparación",
            "## El turno",
            "## Casos especiales",
            "## Cómo termina",
        ] {
            assert!(page.contains(heading), "{game} es lacks {heading}");
        }
        assert!(page.contains("```board"), "{game}: no diagram");
        assert!(page.contains("try: "), "{game}: no try-it move");
        let details = es["details"].as_str().unwrap();
        assert!(details.contains("Position string"), "{game}: details");

        let (st, _, _, body) = get(&s, &format!("/api/rules/{game}")).await;
        assert_eq!(st, 200);
        let en = json(&body);
        assert_eq!(en["lang"], "en");
        let page = en["markdown"].as_str().unwrap();
        assert!(page.starts_with("# How to play"), "{game}");
        for heading in [
            "## The goal",
            "## Setup",
            "## A turn",
            "## Special cases",
            "## How the game ends",
        ] {
            assert!(page.contains(heading), "{game} en lacks {heading}");
        }
        assert_eq!(en["details"], es["details"]);
    }
    let (st, _, _, body) = get(&s, "/api/rules/chess?lang=es").await;
    assert_eq!(st, 404);
    assert!(json(&body)["error"].as_str().unwrap().contains("chess"));
    let (st, _, _, body) = get(&s, "/api/rules/imago?lang=fr").await;
    assert_eq!(st, 400);
    assert!(json(&body)["error"].as_str().unwrap().contains("fr"));
}

#[tokio::test]
async fn the_print_button_downloads_the_kit_as_pdf() {
    let s = start().await;
    let (st, ct, cd, body) = get(&s, "/api/print/linja.pdf?lang=es&paper=letter").await;
    assert_eq!(st, 200);
    assert_eq!(ct, "application/pdf");
    assert_eq!(cd, "attachment; filename=\"tablero-linja-es-letter.pdf\"");
    assert!(body.starts_with(b"%PDF-"));

    let (st, ct, _, body) = get(&s, "/api/print/dimensiones.pdf?variant=I-D-A-E-S").await;
    assert_eq!(st, 200);
    assert_eq!(ct, "application/pdf");
    assert!(body.starts_with(b"%PDF-"));

    for (path, status, word) in [
        ("/api/print/chess.pdf", 404, "chess"),
        ("/api/print/imago.svg", 404, "GAME.pdf"),
        ("/api/print/imago.pdf?lang=fr", 400, "fr"),
        ("/api/print/imago.pdf?paper=a3", 400, "a3"),
        (
            "/api/print/dimensiones.pdf?variant=X-X-X-X-X",
            400,
            "X-X-X-X-X",
        ),
    ] {
        let (st, ct, _, body) = get(&s, path).await;
        assert_eq!(st, status, "{path}");
        assert!(ct.starts_with("application/json"), "{path}: {ct}");
        let e = json(&body)["error"].as_str().unwrap().to_string();
        assert!(e.contains(word), "{path}: {e}");
    }
}

#[tokio::test]
async fn the_cards_are_svg_in_both_faces_and_languages() {
    let s = start().await;
    let (st, ct, _, body) = get(&s, "/api/cards/4.svg?face=blue&lang=es").await;
    assert_eq!(st, 200);
    assert_eq!(ct, "image/svg+xml");
    let svg = String::from_utf8(body).unwrap();
    assert!(svg.starts_with("<svg"));
    assert!(svg.contains("FORMACIÓN") && svg.contains("Oriental"));
    assert!(svg.contains(r#"data-card="4E""#));

    let (_, _, _, body) = get(&s, "/api/cards/4.svg?face=red").await;
    let svg = String::from_utf8(body).unwrap();
    assert!(svg.contains("FORMATION") && svg.contains("Western"));

    for (path, status) in [
        ("/api/cards/0.svg", 404),
        ("/api/cards/6.svg", 404),
        ("/api/cards/x.svg", 404),
        ("/api/cards/1.png", 404),
        ("/api/cards/1.svg?face=green", 400),
        ("/api/cards/1.svg?lang=de", 400),
    ] {
        let (st, ct, _, body) = get(&s, path).await;
        assert_eq!(st, status, "{path}");
        assert!(ct.starts_with("application/json"), "{path}");
        assert!(json(&body)["error"].is_string());
    }
}
