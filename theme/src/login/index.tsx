/** Entry of the public login shell (built separately; the gate issue fills it in). */
export {};
