// What every command module shares with the program that registers it: the context it runs in and
// the callback that sets its exit code. Kept apart from program.ts so that commands never import
// the module that imports them.
import type { Command } from 'commander';
import type { Context } from '../io';

/** Sets the exit code of the running command. */
export type Finish = (code: number) => void;

/** Adds one command (with its options, help and action) to the program. */
export type RegisterCommand = (program: Command, ctx: Context, finish: Finish) => void;
