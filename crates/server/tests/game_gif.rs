//! The whole game as an animated GIF (issue #49):
//! `GET /api/games/{id}/game.gif` decodes, with one frame per position
//! (the start and each ply), each of the board's size, the same frames as
//! `board.png` draws; an unknown game is 404.

mod common;
use serde_json::json;

/// The frames of a GIF: their count, and the picture's size.
fn frames(bytes: &[u8]) -> (usize, (u16, u16), Vec<Vec<u8>>) {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::RGBA);
    let mut dec = opts.read_info(bytes).expect("a GIF");
    let size = (dec.width(), dec.height());
    let mut out = Vec::new();
    while let Some(f) = dec.read_next_frame().expect("a frame") {
        out.push(f.buffer.to_vec());
    }
    (out.len(), size, out)
}

#[tokio::test]
async fn a_game_s_gif_has_a_frame_per_position() {
    let s = common::start().await;
    let (status, made) = s
        .call(
            "POST",
            "/api/games",
            None,
            Some(json!({"game": "jarmo", "seats": [{"kind": "human"}, {"kind": "human"}]})),
        )
        .await;
    assert_eq!(status, 200, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    let tokens = format!(
        "{},{}",
        made["tokens"]["0"].as_str().unwrap(),
        made["tokens"]["1"].as_str().unwrap()
    );
    let get = |path: String| {
        let c = s.client.clone();
        let url = format!("{}{path}", s.base);
        async move {
            let r = c.get(url).send().await.unwrap();
            let status = r.status().as_u16();
            let kind = r
                .headers()
                .get("content-type")
                .map(|v| v.to_str().unwrap().to_string());
            (status, kind, r.bytes().await.unwrap().to_vec())
        }
    };
    // No move yet: one frame.
    let (status, kind, body) = get(format!("/api/games/{id}/game.gif")).await;
    assert_eq!((status, kind.as_deref()), (200, Some("image/gif")));
    assert_eq!(frames(&body).0, 1);
    for _ in 0..4 {
        let (_, st) = s
            .call("GET", &format!("/api/games/{id}"), Some(&tokens), None)
            .await;
        let mv = st["legal"][0]["move"].as_str().unwrap().to_string();
        let (status, st) = s
            .call(
                "POST",
                &format!("/api/games/{id}/move"),
                Some(&tokens),
                Some(json!({"move": mv, "ply": st["ply"]})),
            )
            .await;
        assert_eq!(status, 200, "{st}");
    }
    let (status, _, body) = get(format!("/api/games/{id}/game.gif")).await;
    assert_eq!(status, 200);
    let (n, size, gif_frames) = frames(&body);
    assert_eq!(n, 5, "the start and four plies");
    // Each frame is the board's picture at its size, and the positions differ.
    let (_, _, png) = get(format!("/api/games/{id}/board.png?ply=0")).await;
    let png = png::Decoder::new(png.as_slice()).read_info().unwrap();
    let info = png.info();
    assert_eq!(
        (u32::from(size.0), u32::from(size.1)),
        (info.width, info.height)
    );
    assert_ne!(
        gif_frames[0], gif_frames[4],
        "the board changes over the game"
    );
    let (status, _, _) = get("/api/games/nosuchgame/game.gif".to_string()).await;
    assert_eq!(status, 404);
}
