#!/bin/sh
# Regenerate the fio samples of data/measurements/fio/ with the fio on PATH (or FIO=/path/to/fio), each run a second
# on a 4 MiB file in a temporary folder. Usage: tools/fio_samples.sh [3|2|2.2] [sample ...]
#   With sample names (a file's name without the version and extension, say json-bssplit), only those are written;
#   the others are left as they are.
#   3: the fio 3.x samples (Debian's fio); 2: the fio 2.x samples (FIO=/path/to/fio-2.21, built from axboe/fio's tag
#   fio-2.21, which has no libaio here: its samples use posixaio); 2.2: the one sample of an older fio 2.x
#   (FIO=/path/to/fio-2.2.10, from the tag fio-2.2.10, which has no json+). data/measurements/fio_samples.csv records each file's command line; keep the two in step.
set -eu
FIO=${FIO:-fio}
OUT=$(cd "$(dirname "$0")/.." && pwd)/data/measurements/fio
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
V=$($FIO --version)
COMMON="--size=4M --runtime=1 --time_based"
cd "$TMP"
VERSION=${1:-3}
shift $(( $# > 0 ? 1 : 0 ))
ONLY=" $* "
want() { [ "$ONLY" = "  " ] || case "$ONLY" in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

if [ "$VERSION" = 3 ]; then
  want json-randread && $FIO --name=randread --filename="$TMP/f" $COMMON --rw=randread --bs=4k --ioengine=libaio --iodepth=4 --direct=1 \
    --output-format=json > "$OUT/$V-json-randread.json"
  want json-plus-randrw && $FIO --name=mixed --filename="$TMP/f" $COMMON --rw=randrw --rwmixread=70 --bs=8k --ioengine=psync --direct=1 \
    --output-format=json+ > "$OUT/$V-json-plus-randrw.json"
  want json-group-reporting && $FIO --name=writers --filename="$TMP/f" $COMMON --rw=randwrite --bs=4k --ioengine=psync --numjobs=2 \
    --group_reporting --output-format=json > "$OUT/$V-json-group-reporting.json"
  want json-numjobs && $FIO --name=writers --filename="$TMP/f" $COMMON --rw=randwrite --bs=4k --ioengine=psync --numjobs=2 \
    --output-format=json > "$OUT/$V-json-numjobs.json"
  want normal-json && $FIO --name=mixed --filename="$TMP/f" $COMMON --rw=randrw --rwmixread=70 --bs=8k --ioengine=psync --direct=1 \
    --output-format=normal,json > "$OUT/$V-normal-json.txt"
  want json-trim && $FIO --name=trims --filename="$TMP/f" $COMMON --rw=randtrim --bs=64k --ioengine=falloc \
    --output-format=json > "$OUT/$V-json-trim.json"
  want json-unified && $FIO --name=unified --filename="$TMP/f" $COMMON --rw=randrw --rwmixread=70 --bs=4k --ioengine=psync \
    --unified_rw_reporting=1 --output-format=json > "$OUT/$V-json-unified.json"
  # psync with iodepth 8: fio prints a note (on stderr) before the JSON
  want json-note && $FIO --name=capped --filename="$TMP/f" $COMMON --rw=randread --bs=16k --ioengine=psync --iodepth=8 --direct=1 \
    --output-format=json > "$OUT/$V-json-note.txt" 2>&1
  if want json-client-server; then
  printf '[global]\nfilename=%s\nsize=4M\nioengine=libaio\ndirect=1\nruntime=1\ntime_based\n\n[seqread]\nrw=read\nbs=64k\niodepth=8\n\n[randwrite]\nrw=randwrite\nbs=4k\niodepth=2\n' \
    "$TMP/g" > client.fio
  $FIO --server=localhost,8765 --daemonize="$TMP/server.pid"
  sleep 1
  $FIO --client=localhost,8765 --output-format=json client.fio > "$OUT/$V-json-client-server.json"
  kill "$(cat "$TMP/server.pid")"
  fi
  # the mean I/O size of mixed sizes: bytes over I/Os (bssplit: sizes in shares; bsrange: any size in a range)
  want json-bssplit && $FIO --name=split --filename="$TMP/f" $COMMON --rw=randread --bssplit=4k/50:64k/50 \
    --ioengine=psync --direct=1 --output-format=json > "$OUT/$V-json-bssplit.json"
  want json-bsrange && $FIO --name=range --filename="$TMP/f" $COMMON --rw=randrw --rwmixread=70 --bsrange=4k-64k \
    --ioengine=psync --direct=1 --output-format=json > "$OUT/$V-json-bsrange.json"
  # a block size for each direction (bs=read,write): reads of 4 KiB, writes (and trims) of 64 KiB
  want json-bs-per-direction && $FIO --name=bydirection --filename="$TMP/f" $COMMON --rw=randrw --rwmixread=70 \
    --bs=4k,64k --ioengine=psync --direct=1 --output-format=json > "$OUT/$V-json-bs-per-direction.json"
  # reads, writes and their sum (mixed), each with its own numbers
  want json-unified-both && $FIO --name=both --filename="$TMP/f" $COMMON --rw=randrw --rwmixread=70 --bs=4k \
    --ioengine=psync --direct=1 --unified_rw_reporting=both --output-format=json > "$OUT/$V-json-unified-both.json"
  # group_reporting over two differently named jobs: one entry, named after the first, with the last one's options
  want json-group-named && $FIO --filename="$TMP/f" $COMMON --ioengine=psync --direct=1 --group_reporting \
    --output-format=json --name=reader --rw=randread --bs=4k --name=writer --rw=randwrite --bs=4k \
    > "$OUT/$V-json-group-named.json"
  # buffered writes to a 4 MiB file: the page cache, not the disk
  want json-buffered && $FIO --name=buffered --filename="$TMP/f" $COMMON --rw=randwrite --bs=4k --ioengine=psync \
    --output-format=json > "$OUT/$V-json-buffered.json"
elif [ "$VERSION" = 2.2 ]; then
  want json-randread && $FIO --name=randread --filename="$TMP/f" $COMMON --rw=randread --bs=4k --ioengine=posixaio --iodepth=4 --direct=1 \
    --output-format=json > "$OUT/$V-json-randread.json"
else
  want json-randread && $FIO --name=randread --filename="$TMP/f" $COMMON --rw=randread --bs=4k --ioengine=posixaio --iodepth=4 --direct=1 \
    --output-format=json > "$OUT/$V-json-randread.json"
  want json-plus-numjobs && $FIO --name=mixed --filename="$TMP/f" $COMMON --rw=randrw --rwmixread=70 --bs=8k \
    --ioengine=psync --direct=1 --numjobs=2 --output-format=json+ > "$OUT/$V-json-plus-numjobs.json"
  want json-group-reporting && $FIO --name=writers --filename="$TMP/f" $COMMON --rw=randwrite --bs=64k --ioengine=posixaio --iodepth=2 \
    --numjobs=2 --group_reporting --output-format=json > "$OUT/$V-json-group-reporting.json"
fi
ls -l "$OUT"
