/** One line of the bench's table: what was measured, its value, and the goal it is held to. */
export interface BenchRow {
  figure: string;
  value: string;
  /** The figure's share of the baseline measured just before it, where it is compared with one. */
  ratio?: number;
  goal?: string;
  /** Unset: reported, no goal. */
  pass?: boolean;
}
