export const id = 858;
export const ids = [858];
export const modules = {

/***/ 9858:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   runInProcess: () => (/* binding */ runInProcess)
/* harmony export */ });
async function runInProcess(proc, main) {
    // What is left to say goes nowhere; the exit code stays the verdict's rather than a crash's.
    for (const stream of [proc.stdout, proc.stderr]) {
        stream.on('error', (error) => {
            if (error.code !== 'EPIPE')
                throw error;
        });
    }
    let interrupted = false;
    const interrupt = new Promise((resolve) => {
        for (const signal of ['SIGINT', 'SIGTERM']) {
            proc.once(signal, () => {
                interrupted = true;
                resolve(signal);
            });
        }
    });
    const code = await main({
        argv: proc.argv.slice(2),
        env: proc.env,
        cwd: proc.cwd(),
        stdout: proc.stdout,
        stderr: proc.stderr,
        interrupt,
    });
    // Interrupted, the engine's requests and timers are abandoned, not awaited.
    if (interrupted)
        proc.exit(code);
    else
        proc.exitCode = code;
}


/***/ })

};
