// Node options every service runs with: npm start (run-services.mjs) and bench:status start them alike.
//
// V8 sizes its heap for the machine: on a 24 GB host it let the young generation grow to 2 x 64 MB and the old one
// to ~190 MB of mostly dead objects before its first full collection, so under sustained load a service holding
// ~40 MB of live objects sat at 250-400 MB resident. These bounds keep each one under ~200 MB, with no CPU cost
// bench:status could measure. 512 MB of old generation still leaves room for dozens of 8 MB registration bodies.
export const SERVICE_NODE_OPTIONS = ['--max-semi-space-size=8', '--max-old-space-size=512'];
