#!/usr/bin/env python3
"""Measures Daybook's stack and duplicate thresholds on generated bursts (docs/stacks.md).

Makes, with ImageMagick and exiftool only, from every JPEG under a corpus folder:
  - a burst of 5 near-identical frames 0.4 s apart (shifts up to 1 % of the frame,
    sensor noise, exposure changes of up to 8 %);
  - two hard "different shots" of the same scene: the left and the right 60 % of the photo,
    and a 2x zoom on its centre, each its own burst, placed 1-1.5 s after the previous shot;
  - a re-encoded copy (quality 60) and a half-size copy, dated a year later (duplicates).
Every frame has the same camera, so only the perceptual hash separates different shots
taken seconds apart. Then ingests everything with the daybook binary given and reads the
journal: pairwise hash distances per kind of pair, and the stacks formed.

usage: stack_measurement.py DAYBOOK_BINARY CORPUS_DIR WORK_DIR
"""
import itertools, json, os, random, sqlite3, subprocess, sys

daybook, corpus, work = sys.argv[1:4]
photos_dir = os.path.join(work, "photos")
library = os.path.join(work, "library")
os.makedirs(photos_dir, exist_ok=True)
rng = random.Random(21)

def run(*args):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

# orientation/ holds one picture in 8 orientations: after auto-orient they are one photo.
sources = sorted(os.path.join(d, f) for d, _, fs in os.walk(corpus) for f in fs
                 if f.lower().endswith(".jpg") and not (d.endswith("orientation") and not f.endswith("_1.jpg")))
truth = {}  # file name -> (shot, kind)
clock = [0.0]  # seconds since 2024-05-01 10:00:00

def stamp(path, t):
    seconds = int(t)
    sub = int(round((t - seconds) * 1000))
    h, m, s = 10 + seconds // 3600, seconds // 60 % 60, seconds % 60
    run("exiftool", "-q", "-overwrite_original", "-Make=BurstCam", "-Model=Model 1",
        f"-DateTimeOriginal=2024:05:01 {h:02d}:{m:02d}:{s:02d}", f"-SubSecTimeOriginal={sub:03d}", "-Orientation=", path)

def burst(shot, base, frames=5):
    for k in range(frames):
        name = f"{shot}-f{k}.jpg"
        out = os.path.join(photos_dir, name)
        # A hand-held burst: up to 1 % of the frame's shift between frames.
        dx, dy = rng.randint(-10, 10), rng.randint(-10, 10)
        bright = 100 + rng.randint(-8, 8)
        run("convert", base, "-roll", f"{dx:+d}{dy:+d}", "-modulate", str(bright),
            "-attenuate", "0.25", "+noise", "Gaussian", "-quality", "88", out)
        stamp(out, clock[0] + 0.4 * k)
        truth[name] = (shot, "burst")
    clock[0] += 0.4 * (frames - 1) + rng.choice([1.0, 1.2, 1.5])

truth_file = os.path.join(work, "truth.json")
for i, src in enumerate(sources if not os.path.exists(truth_file) else []):
    base = os.path.join(work, f"base{i}.jpg")
    try:
        run("convert", src, "-auto-orient", "-resize", "1024x1024", "-strip", base)
    except subprocess.CalledProcessError:
        continue
    burst(f"s{i}", base)
    for variant, geometry in (("left", "60%x100%+0+0"), ("right", "60%x100%-0+0")):
        out = os.path.join(work, f"base{i}{variant}.jpg")
        gravity = "west" if variant == "left" else "east"
        run("convert", base, "-gravity", gravity, "-crop", geometry, "+repage", out)
        burst(f"s{i}{variant}", out, frames=2)
    zoom = os.path.join(work, f"base{i}zoom.jpg")
    run("convert", base, "-gravity", "center", "-crop", "50%x50%+0+0", "+repage", zoom)
    burst(f"s{i}zoom", zoom, frames=2)
    for copy, args in (("q60", ["-quality", "60"]), ("half", ["-resize", "50%", "-quality", "75"])):
        name = f"s{i}-{copy}.jpg"
        out = os.path.join(photos_dir, name)
        run("convert", os.path.join(photos_dir, f"s{i}-f0.jpg"), *args, "-strip", out)
        truth[name] = (f"s{i}", "copy")

# A second run over the same WORK_DIR ingests the photos made the first time again.
if os.path.exists(truth_file):
    truth = {name: tuple(value) for name, value in json.load(open(truth_file)).items()}
else:
    json.dump(truth, open(truth_file, "w"))
subprocess.run(["rm", "-rf", library])
subprocess.run([daybook, "--library", library, "ingest", "--jobs", "1", photos_dir],
               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
db = sqlite3.connect(os.path.join(library, "journal.sqlite"))
rows = db.execute("SELECT source_path, perceptual_hash, stack_id FROM entry").fetchall()
entries = {os.path.basename(p): (h, st) for p, h, st in rows}

def dist(a, b): return bin((a ^ b) & (2**64 - 1)).count("1")

burst_d, copy_d, reframe_d, other_d = [], [], [], []
names = [n for n in entries if n in truth]
for a, b in itertools.combinations(names, 2):
    (sa, ka), (sb, kb) = truth[a], truth[b]
    d = dist(entries[a][0], entries[b][0])
    root = lambda s: s.rstrip("leftrightzoom") if not s.endswith(("left", "right", "zoom")) else s[:-4] if s.endswith(("left", "zoom")) else s[:-5]
    if sa == sb and ka == kb == "burst": burst_d.append(d)
    elif sa == sb: copy_d.append(d)
    elif root(sa) == root(sb): reframe_d.append(d)
    else: other_d.append(d)

def summary(ds):
    ds = sorted(ds)
    return {"pairs": len(ds), "min": ds[0], "median": ds[len(ds) // 2], "p95": ds[int(len(ds) * .95)], "max": ds[-1]}

stacks = {}
for n in names:
    st = entries[n][1]
    if st: stacks.setdefault(st, set()).add(truth[n][0])
bursts = sorted({s for s, k in truth.values()})
stacked_whole = sum(1 for s in bursts if any(members == {s} for members in stacks.values())
                    and len({entries[n][1] for n in names if truth[n] == (s, "burst")}) == 1)
false_merges = [sorted(m) for m in stacks.values() if len(m) > 1]
print(json.dumps({
    "entries": len(names), "shots": len(bursts),
    "distance": {"same_burst": summary(burst_d), "reencode_or_resize": summary(copy_d),
                 "reframed_same_scene": summary(reframe_d), "different_photos": summary(other_d)},
    "shots_stacked_whole": stacked_whole, "stacks": len(stacks), "false_merges": false_merges,
}, indent=1))
print("histogram burst:", {d: burst_d.count(d) for d in sorted(set(burst_d))})
print("histogram reframed:", {d: reframe_d.count(d) for d in sorted(set(reframe_d)) if d <= 20})
print("histogram different (<=20):", {d: other_d.count(d) for d in sorted(set(other_d)) if d <= 20})
print("histogram copies:", {d: copy_d.count(d) for d in sorted(set(copy_d))})
originals = [dist(entries[n][0], entries[truth[n][0] + "-f0.jpg"][0]) for n in names if truth[n][1] == "copy"]
for t in (4, 6, 8):
    print(f"copies within {t} bits of their original: {sum(d <= t for d in originals)} of {len(originals)}")
consecutive = [dist(entries[n][0], entries[n.replace(f"-f{k}", f"-f{k + 1}")][0])
               for n in names for k in range(5) if n.endswith(f"-f{k}.jpg") and n.replace(f"-f{k}", f"-f{k + 1}") in entries]
for t in (8, 10, 12):
    print(f"consecutive burst frames within {t} bits: {sum(d <= t for d in consecutive)} of {len(consecutive)}")
