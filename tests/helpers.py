"""What several test modules share: running a command and failing with its output."""
import subprocess


def run(args, **kwargs):
    """Run ``args`` (paths allowed) and return its standard output; fail with the command and the ends of its
    output and errors unless it exits with 0."""
    out = subprocess.run([str(a) for a in args], capture_output=True, text=True, **kwargs)
    assert out.returncode == 0, f"{args}\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    return out.stdout
