#!/usr/bin/env python3
"""Trunk post-build hook: adds a strict Content-Security-Policy to the built index.html.

Trunk starts the app with an inline module script whose text changes with every build (it
names the hashed bundle files), so the policy allows exactly that script by its SHA-256 hash
instead of allowing inline scripts in general. Everything else may come only from the page's
own origin, WebAssembly may be compiled ('wasm-unsafe-eval'), and style attributes are allowed
(see POLICY for why), and the service worker and the manifest come from the page's origin. Nothing
may be fetched from anywhere else: no request leaves the page's origin.

Reads and rewrites $TRUNK_STAGING_DIR/index.html (or the path given as the first argument).
"""
import base64
import hashlib
import os
import re
import sys

POLICY = (
    "default-src 'none'; "
    "script-src 'self' 'wasm-unsafe-eval' {hashes}; "
    # plotters measures text in the browser with a <span style="font-…; position: fixed"> that it
    # adds and removes (plotters src/style/font/web.rs); blocking that style attribute makes every
    # label measure at the page's default font size. Inline *styles* are allowed for that reason;
    # inline *scripts* stay forbidden except Trunk's start-up script, pinned by hash.
    "style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; "
    "connect-src 'self'; "
    # The service worker (sw.js, registered by the 'self' script sw-register.js that the app
    # loads) and the web app manifest, both from the page's own origin; nothing else may be
    # loaded as a worker or a manifest.
    "worker-src 'self'; "
    "manifest-src 'self'; "
    "font-src 'self'; "
    "base-uri 'none'; "
    "form-action 'none'; "
    "object-src 'none'"
)


def main() -> int:
    if len(sys.argv) > 1:
        path = sys.argv[1]
    else:
        staging = os.environ.get("TRUNK_STAGING_DIR")
        if not staging:
            print("csp.py: TRUNK_STAGING_DIR is not set and no path was given", file=sys.stderr)
            return 2
        path = os.path.join(staging, "index.html")
    with open(path, encoding="utf-8") as f:
        html = f.read()
    if "Content-Security-Policy" in html:
        print(f"csp.py: {path} already has a policy", file=sys.stderr)
        return 2
    inline = re.findall(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", html, flags=re.S)
    if not inline:
        print(f"csp.py: no inline script found in {path}", file=sys.stderr)
        return 2
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(s.encode("utf-8")).digest()).decode() + "'"
        for s in inline
    )
    meta = '<meta http-equiv="Content-Security-Policy" content="' + POLICY.format(hashes=hashes) + '" />'
    html, n = re.subn(r'(<meta charset="utf-8" />)', r"\1\n    " + meta, html, count=1)
    if n != 1:
        print(f'csp.py: no <meta charset="utf-8" /> to place the policy after in {path}', file=sys.stderr)
        return 2
    with open(path, "w", encoding="utf-8") as f:
        f.write(html)
    return 0


if __name__ == "__main__":
    sys.exit(main())
