// SPDX-License-Identifier: AGPL-3.0-only
pragma solidity >=0.8.0;

// Stand-in for a library installed as a git submodule (forge install). src/Lottery.sol imports
// it, so the action uploads it under the name Lottery imports it by; its findings are listed
// apart and never count for the gate.
library SafeTransferLib {
    function safeTransferETH(address to, uint256 amount) internal {
        (bool success, ) = to.call{value: amount}("");
        require(success, "ETH_TRANSFER_FAILED");
    }
}
