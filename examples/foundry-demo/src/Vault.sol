// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A simple ether vault. Deliberately vulnerable: used by the action's demo.
contract Vault {
    mapping(address => uint256) public balances;
    address[] public depositors;

    function deposit() external payable {
        if (balances[msg.sender] == 0) depositors.push(msg.sender);
        balances[msg.sender] += msg.value;
    }

    function withdraw() external {
        uint256 amount = balances[msg.sender];
        (bool ok, ) = msg.sender.call{value: amount}("");
        require(ok, "transfer failed");
        balances[msg.sender] = 0;
    }

    function refundAll() external {
        for (uint256 i = 0; i < depositors.length; i++) {
            payable(depositors[i]).send(balances[depositors[i]]);
        }
    }
}
