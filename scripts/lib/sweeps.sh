# The exhaustive sweeps of the Swift tests, as one --skip pattern for the tiers that run the tests many times slower
# than test-swift does. Sourced (`. scripts/lib/sweeps.sh`) by Tests/arm64/tier.sh; mk/tsan.mk reads it too.
#   SWEEPS   the tests that plan, render or compare every ordered pair of Kyiv's 52 stations at several instants
# They are single-threaded computation over the same planner, renderer and schedule code the per-route tests and
# the worked examples drive, and they are most of their suites' CPU time: about 40 of the 68 s the arm64 tier's
# suites take on x86_64, which qemu-user makes some 18 times longer (two thirds of that tier's ten minutes).
# test-swift and test-trixie run them, on two Debian releases; the arm64 tier keeps one sweep of every pair (each
# pair at noon and in the morning peak, KyivRoutingEquivalenceTests), so the planner's arithmetic on arm64 is still
# checked on every route.
SWEEPS='^(MetroCLITests\.CLITests/everyPair\(|MetroModelTests\.KyivRoutingEquivalenceTests/everyPairWhereTimeAloneWouldChangeTwice\(|MetroModelTests\.KyivInSchemaTwoTests/everyPairPlansAlikeFromEitherSchema\()'
