# The main job: a whole simulated ride, sped up, with every stop and every buzz (scripts/demo.sh).
.PHONY: run
demo: build
	bash scripts/demo.sh $(DEBUG_BIN)

# metrotimerd in the foreground on the simulated board at real time; drive it from another terminal with
# `metrotimer --socket /tmp/metrotimer-run/run/control.sock route ...` and `... press`.
run: build
	mkdir -p /tmp/metrotimer-run
	printf 'hardware = simulated\nstate_directory = /tmp/metrotimer-run/state\nruntime_directory = /tmp/metrotimer-run/run\ncontrol_group =\n' > /tmp/metrotimer-run/metrotimer.conf
	$(DEBUG_BIN)/metrotimerd --config /tmp/metrotimer-run/metrotimer.conf --verbose
