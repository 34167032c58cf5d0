# The main job: a whole simulated ride, sped up, with every stop and every buzz (scripts/demo.sh).
.PHONY: run
demo: build
	bash scripts/demo.sh $(DEBUG_BIN)

# metrotimerd in the foreground on the simulated board at real time (scripts/run.sh): it prints its control
# socket and the commands to drive it from another terminal. Files stay in $XDG_RUNTIME_DIR/metrotimer-run, else
# .build/run in the clone; GPS only if a gpsd answers at localhost:2947 (or $GPSD).
run: build
	bash scripts/run.sh $(DEBUG_BIN)
