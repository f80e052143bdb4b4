// SPDX-License-Identifier: MIT
pragma solidity >=0.6.2 <0.9.0;

// Stand-in for a Foundry dependency. Only tests import it, and tests are not audited, so it is
// never uploaded.
contract Test {
    function fail() internal pure {
        revert("fail");
    }
}
