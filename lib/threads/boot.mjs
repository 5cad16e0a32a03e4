/**
 * A worker thread's first module: registers tsx's loader in the thread (the main thread's hooks
 * do not reach a worker's entry on Node 20), then imports the TypeScript entry named in workerData.
 * The thread runs at background priority (./background-priority.mjs): it yields the CPU to the
 * request thread.
 */
import { pathToFileURL } from "node:url";
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";
import { lowerThisThreadPriority } from "./background-priority.mjs";

lowerThisThreadPriority();
register();
await import(pathToFileURL(workerData.entry).href);
