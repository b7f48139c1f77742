// A multiplier's value formula as the Scoring table writes it ("x + y", "h", "2 × x"): numbers,
// one-letter variables, + − × * and parentheses. Evaluated by this small parser, never as code.

export function evaluate(formula: string, vars: Readonly<Record<string, number>>): number {
  const tokens = formula.match(/\d+(?:\.\d+)?|[a-z]+|[-+×*·()]|\S/gi) ?? [];
  let i = 0;
  const peek = () => tokens[i];
  const atom = (): number => {
    const t = tokens[i++];
    if (t === '(') {
      const v = sum();
      if (tokens[i++] !== ')') throw new Error(`"${formula}": a "(" is not closed`);
      return v;
    }
    if (t === '-') return -atom();
    if (t !== undefined && /^\d/.test(t)) return Number(t);
    if (t !== undefined && /^[a-z]$/.test(t)) {
      const v = vars[t];
      if (v === undefined) throw new Error(`"${formula}": ${t} is not defined for this hand`);
      return v;
    }
    throw new Error(`"${formula}" is not a formula Croupier can evaluate`);
  };
  const product = (): number => {
    let v = atom();
    while (peek() === '×' || peek() === '*' || peek() === '·') {
      i++;
      v *= atom();
    }
    return v;
  };
  const sum = (): number => {
    let v = product();
    while (peek() === '+' || peek() === '-') v = tokens[i++] === '+' ? v + product() : v - product();
    return v;
  };
  const v = sum();
  if (i !== tokens.length) throw new Error(`"${formula}" is not a formula Croupier can evaluate`);
  return v;
}
