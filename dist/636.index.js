export const id = 636;
export const ids = [636];
export const modules = {

/***/ 59636:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   endProcess: () => (/* binding */ endProcess)
/* harmony export */ });
async function endProcess(proc) {
    for (const stream of [proc.stdout, proc.stderr]) {
        await new Promise((resolve) => stream.write('', resolve));
    }
    proc.exit();
}


/***/ })

};
