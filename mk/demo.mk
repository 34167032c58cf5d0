# The main job. For now: a sample ride planned offline.
demo: build
	$(DEBUG_BIN)/metrotimer plan akademmistechko pozniaky --at 2026-08-17T22:20:00
