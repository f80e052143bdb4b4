export const id = 702;
export const ids = [702];
export const modules = {

/***/ 6702:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GitHubOctokit: () => (/* binding */ GitHubOctokit)
/* harmony export */ });
/* harmony import */ var _octokit_core__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5194);
/* harmony import */ var _octokit_plugin_paginate_rest__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3779);
/* harmony import */ var _octokit_plugin_rest_endpoint_methods__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9210);
/**
 * Octokit with the REST endpoint methods and pagination, as `@actions/github` builds it. Only
 * api.ts loads it, through `import()` when a client first calls GitHub, so a run that uses no
 * GitHub channel never loads Octokit (the bundler puts it in a chunk of its own).
 */



const GitHubOctokit = _octokit_core__WEBPACK_IMPORTED_MODULE_0__/* .Octokit */ .E.plugin(_octokit_plugin_rest_endpoint_methods__WEBPACK_IMPORTED_MODULE_1__/* .restEndpointMethods */ ._, _octokit_plugin_paginate_rest__WEBPACK_IMPORTED_MODULE_2__/* .paginateRest */ .ud);


/***/ })

};
