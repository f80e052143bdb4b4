// SPDX-License-Identifier: MIT
pragma solidity 0.8.24;

/// A shared wallet. Deliberately vulnerable: used by the action's demo.
contract Wallet {
    address public owner;
    address public recovery;

    constructor() {
        owner = msg.sender;
    }

    function setRecovery(address newRecovery) external {
        require(tx.origin == owner, "not owner");
        recovery = newRecovery;
    }

    function execute(address target, bytes calldata data) external {
        require(msg.sender == owner, "not owner");
        (bool ok, ) = target.delegatecall(data);
        require(ok, "call failed");
    }

    function close() external {
        selfdestruct(payable(msg.sender));
    }
}
