/**
 * Regular expressions compiled to machine code on their first run, not first to bytecode and again to
 * machine code on their second run (V8's tier-up): a cold chat turn runs a few hundred large expressions
 * (fact types, question phrases, other languages) a handful of times each, so it paid both compilations.
 * What an expression matches does not change. Injected at the top of every bundle (lib/bundling.ts
 * `inject`), before any expression is built; Node refuses V8 flags in NODE_OPTIONS, hence at run time.
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--no-regexp-tier-up');
