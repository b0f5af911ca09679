#!/usr/bin/env bash
# The screenshots /home shows are the product's own, taken by the browser journeys (e2e/output/screenshots after
# `npm run test:e2e`): this script crops and compresses them into apps/web/public/home. Run it after a journey's
# screen changed; it needs ImageMagick (Debian's imagemagick package: /usr/bin/convert).
set -euo pipefail
cd "$(dirname "$0")/.."
from=e2e/output/screenshots
to=apps/web/public/home
mkdir -p "$to"
shot() { # name source crop(WxH+X+Y)
  /usr/bin/convert "$from/$2.png" -crop "$3" +repage -resize '1200x>' -strip -quality 82 "$to/$1.jpg"
}
shot returns gstr3b-01-computed 1366x880+0+0
shot set-off gstr3b-03-set-off 1134x1040+232+440
shot reconciliation reconciliation-02-rows 1366x1000+0+0
shot imports import-02-errors 1366x620+0+148
ls -la "$to"
