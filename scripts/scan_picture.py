"""Make the documentation's photo-to-score picture (docs/scan-photo-review.jpg): a simulated
phone photo of a marked sheet (bench/scan_sheets.py, seed SEED) beside the review image
`pnp starcharts score --review` writes for it, both 600 px high.

    python scripts/scan_picture.py [SEED]
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from scan_sheets import shot  # noqa: E402

HEIGHT = 600


def main(seed: int) -> None:
    s = shot(seed, 12.0)
    with tempfile.TemporaryDirectory() as folder:
        photo = Path(folder) / "sheet.jpg"
        cv2.imwrite(str(photo), s.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
        subprocess.run(
            [sys.executable, "-m", "pnp", "starcharts", "score", str(photo), "-o",
             str(Path(folder) / "game.txt"), "--review", folder, "--objectives",
             *s.truth.objectives],
            check=False, capture_output=True,
        )  # fmt: skip
        review = cv2.imread(str(Path(folder) / "sheet-review.jpg"))
    if review is None:
        sys.exit(f"seed {seed}: the photo was not read, no review image")
    images = [cv2.resize(i, (round(i.shape[1] * HEIGHT / i.shape[0]), HEIGHT),
                         interpolation=cv2.INTER_AREA) for i in (s.image, review)]  # fmt: skip
    gap = np.full((HEIGHT, 12, 3), 255, np.uint8)
    out = ROOT / "docs" / "scan-photo-review.jpg"
    cv2.imwrite(str(out), np.hstack([images[0], gap, images[1]]), [cv2.IMWRITE_JPEG_QUALITY, 85])
    print(f"wrote {out}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
