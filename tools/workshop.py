"""Build the workshop's two editions of the chapters into _build/workshop (``make workshop``).

See :mod:`storageperf_book.editions`: the participant edition (exercises, no answers) and the instructor edition
(solutions, answers and the instructor notes of book/workshop/instructor/), as notebooks and as one zip each.
"""
from storageperf_book.editions import main

if __name__ == "__main__":
    main()
