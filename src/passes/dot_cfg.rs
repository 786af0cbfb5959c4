//! `dot-cfg`: LLVM 19's `CFGPrinterPass`. Writes `.<function>.dot` in the
//! current directory for each function with a body, as `opt-19
//! -passes=dot-cfg` writes it: one record node per block (its instructions
//! printed with the module's numbering, comments dropped, lines wrapped at
//! 80 columns, Graphviz escapes), `T`/`F` and switch-case ports, heat
//! colours from the block frequencies relative to the function's largest,
//! and a tooltip with each edge's probability. Node names are
//! `Node0x<n>` with `n` counting blocks from `0x1000` in layout order
//! (LLVM prints block addresses there, which differ from run to run).

use super::analyses::FunctionAnalyses;
use super::manager::{FunctionPass, PassResult, PreservedAnalyses};
use crate::inst::Opcode;
use crate::ir::{Block, Function};
use crate::Context;

/// LLVM's heat palette (`HeatUtils.cpp`): 100 colours from cold to hot.
const HEAT: [&str; 100] = [
    "#3d50c3", "#4055c8", "#4358cb", "#465ecf", "#4961d2", "#4c66d6", "#4f69d9", "#536edd",
    "#5572df", "#5977e3", "#5b7ae5", "#5f7fe8", "#6282ea", "#6687ed", "#6a8bef", "#6c8ff1",
    "#7093f3", "#7396f5", "#779af7", "#7a9df8", "#7ea1fa", "#81a4fb", "#85a8fc", "#88abfd",
    "#8caffe", "#8fb1fe", "#93b5fe", "#96b7ff", "#9abbff", "#9ebeff", "#a1c0ff", "#a5c3fe",
    "#a7c5fe", "#abc8fd", "#aec9fc", "#b2ccfb", "#b5cdfa", "#b9d0f9", "#bbd1f8", "#bfd3f6",
    "#c1d4f4", "#c5d6f2", "#c7d7f0", "#cbd8ee", "#cedaeb", "#d1dae9", "#d4dbe6", "#d6dce4",
    "#d9dce1", "#dbdcde", "#dedcdb", "#e0dbd8", "#e3d9d3", "#e5d8d1", "#e8d6cc", "#ead5c9",
    "#ecd3c5", "#eed0c0", "#efcebd", "#f1ccb8", "#f2cab5", "#f3c7b1", "#f4c5ad", "#f5c1a9",
    "#f6bfa6", "#f7bca1", "#f7b99e", "#f7b599", "#f7b396", "#f7af91", "#f7ac8e", "#f7a889",
    "#f6a385", "#f5a081", "#f59c7d", "#f4987a", "#f39475", "#f29072", "#f08b6e", "#ef886b",
    "#ed8366", "#ec7f63", "#e97a5f", "#e8765c", "#e57058", "#e36c55", "#e16751", "#de614d",
    "#dc5d4a", "#d85646", "#d65244", "#d24b40", "#d0473d", "#cc403a", "#ca3b37", "#c53334",
    "#c32e31", "#be242e", "#bb1b2c", "#b70d28",
];

fn heat_color_pct(p: f64) -> &'static str {
    let p = p.clamp(0.0, 1.0);
    HEAT[(p * 99.0).round() as usize]
}

fn heat_color(freq: u64, max: u64) -> &'static str {
    let freq = freq.min(max);
    let p = if freq > 0 {
        (freq as f64).log2() / (max as f64).log2()
    } else {
        0.0
    };
    heat_color_pct(p)
}

/// Graphviz escaping as LLVM's `DOT::EscapeString` does it.
fn escape(s: &[u8]) -> Vec<u8> {
    let mut v = s.to_vec();
    let mut i = 0;
    while i < v.len() {
        match v[i] {
            b'\n' => {
                v.insert(i, b'\\');
                i += 1;
                v[i] = b'n';
            }
            b'\t' => {
                v.insert(i, b' ');
                i += 1;
                v[i] = b' ';
            }
            b'\\' if i + 1 < v.len() && v[i + 1] == b'l' => {}
            b'\\' if i + 1 < v.len() && matches!(v[i + 1], b'|' | b'{' | b'}') => {
                v.remove(i);
            }
            b'\\' | b'{' | b'}' | b'<' | b'>' | b'|' | b'"' => {
                v.insert(i, b'\\');
                i += 1;
            }
            _ => {}
        }
        i += 1;
    }
    v
}

/// LLVM's `CompleteNodeLabelString`: the block's text with `\|` after
/// its label line, `\l` line ends, comments erased and lines wrapped at 80
/// columns.
fn node_label(mut s: Vec<u8>) -> Vec<u8> {
    if s.first() == Some(&b'%') {
        s.remove(0);
    }
    let at = s.iter().position(|&c| c == b'\n').map_or(0, |p| p + 1);
    s.splice(at..at, *b"\\|");
    let (mut col, mut last_space) = (0usize, 0usize);
    let mut i = 0usize;
    while i < s.len() {
        if s[i] == b'\n' {
            s[i] = b'\\';
            s.insert(i + 1, b'l');
            col = 0;
            last_space = 0;
        } else if s[i] == b';' {
            let end = s[i + 1..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(s.len(), |p| i + 1 + p);
            s.drain(i..end);
            // LLVM steps back one: the loop's increment lands on the newline.
            i = i.wrapping_sub(1);
        } else if col == 80 {
            if last_space == 0 {
                last_space = i;
            }
            s.splice(last_space..last_space, *b"\\l...");
            col = i - last_space;
            last_space = 0;
            i += 3;
        } else {
            col += 1;
        }
        if s.get(i) == Some(&b' ') {
            last_space = i;
        }
        i = i.wrapping_add(1);
    }
    s
}

/// The `.dot` text of `f`.
pub(crate) fn dot_cfg_text(ctx: &mut Context, f: Function, am: &mut FunctionAnalyses) -> Vec<u8> {
    am.block_freq(ctx, f);
    let ctx = &*ctx;
    let bfi = am.cached_block_freq(f).expect("computed");
    let bpi = am.cached_branch_prob(f).expect("computed");
    let fname = ctx.name_of(f.0).unwrap_or("");
    let mut mp = ctx.function_printer(f);
    let blocks: Vec<Block> = ctx.blocks(f).collect();
    let id: hashbrown::HashMap<Block, usize> = blocks
        .iter()
        .enumerate()
        .map(|(k, &b)| (b, 0x1000 + k))
        .collect();
    let max = bfi.max_frequency(ctx, f);
    let mut out: Vec<u8> = Vec::new();
    let title = format!("CFG for '{fname}' function");
    let t = escape(title.as_bytes());
    out.extend_from_slice(b"digraph \"");
    out.extend_from_slice(&t);
    out.extend_from_slice(b"\" {\n\tlabel=\"");
    out.extend_from_slice(&t);
    out.extend_from_slice(b"\";\n\n");
    let bb_name = |mp: &mut crate::asm::ModulePrinter, b: Block| -> String {
        match ctx.name_of(b.0) {
            Some(n) if !n.is_empty() => n.to_string(),
            _ => mp.operand(b.0).trim_start_matches('%').to_string(),
        }
    };
    for &b in &blocks {
        let freq = bfi.frequency(b);
        let color = heat_color(freq, max);
        let edge_color = if freq <= max / 2 {
            heat_color_pct(0.0)
        } else {
            heat_color_pct(1.0)
        };
        let mut text = mp.operand(b.0).into_bytes();
        text.extend_from_slice(b":\n");
        for i in ctx.insts(b) {
            text.extend_from_slice(mp.inst(i).as_bytes());
            text.push(b'\n');
        }
        let label = escape(&node_label(text));
        out.extend_from_slice(
            format!(
                "\tNode0x{:x} [shape=record,color=\"{edge_color}ff\", style=filled, fillcolor=\"{color}70\" fontname=\"Courier\",label=\"{{",
                id[&b]
            )
            .as_bytes(),
        );
        out.extend_from_slice(&label);
        // Edge source labels: T/F for a conditional br, def and the case
        // values for a switch.
        let succs: Vec<Block> = ctx.successors(b).collect();
        let term = ctx.terminator(b);
        let kind = term.map(|t| ctx.opcode(t));
        let cond_br = kind == Some(Opcode::Br) && succs.len() == 2;
        let src_label = |k: usize| -> String {
            match kind {
                Some(Opcode::Br) if cond_br => (if k == 0 { "T" } else { "F" }).to_string(),
                Some(Opcode::Switch) => {
                    if k == 0 {
                        "def".to_string()
                    } else {
                        let t = term.expect("switch");
                        let v = ctx.operand(t, 2 * k as u32).expect("case value");
                        ctx.const_int_value(v)
                            .expect("a switch case is an integer")
                            .to_string_signed()
                    }
                }
                _ => String::new(),
            }
        };
        let mut labels: Vec<u8> = Vec::new();
        let mut any = false;
        for k in 0..succs.len().min(64) {
            let l = src_label(k);
            if l.is_empty() {
                continue;
            }
            any = true;
            if k != 0 {
                labels.push(b'|');
            }
            labels.extend_from_slice(format!("<s{k}>").as_bytes());
            labels.extend_from_slice(&escape(l.as_bytes()));
        }
        if succs.len() > 64 && any {
            labels.extend_from_slice(b"|<s64>truncated...");
        }
        if any {
            out.extend_from_slice(b"|{");
            out.extend_from_slice(&labels);
            out.push(b'}');
        }
        out.extend_from_slice(b"}\"];\n");
        let src_name = bb_name(&mut mp, b);
        for (k, &s) in succs.iter().enumerate() {
            let port = k.min(64);
            let p = bpi.edge_probability(ctx, b, s);
            let w = p.numerator() as f64 / crate::analysis::BranchProbability::denominator() as f64;
            out.extend_from_slice(format!("\tNode0x{:x}", id[&b]).as_bytes());
            if !src_label(k).is_empty() {
                out.extend_from_slice(format!(":s{port}").as_bytes());
            }
            out.extend_from_slice(
                format!(
                    " -> Node0x{:x}[tooltip=\"{} -> {}\\nProbability {:.2}%\" ];\n",
                    id[&s],
                    src_name,
                    bb_name(&mut mp, s),
                    w * 100.0
                )
                .as_bytes(),
            );
        }
    }
    out.extend_from_slice(b"}\n");
    out
}

/// `dot-cfg`: writes `.<function>.dot` and says so on the log.
pub(crate) struct DotCfg;

impl FunctionPass for DotCfg {
    fn name(&self) -> String {
        "dot-cfg".into()
    }
    fn run(
        &mut self,
        ctx: &mut Context,
        f: Function,
        am: &mut FunctionAnalyses,
        out: &mut String,
    ) -> PassResult {
        let file = format!(".{}.dot", ctx.name_of(f.0).unwrap_or(""));
        out.push_str("Writing '");
        out.push_str(&file);
        out.push_str("'...");
        let text = dot_cfg_text(ctx, f, am);
        if std::fs::write(&file, text).is_err() {
            out.push_str("  error opening file for writing!");
        }
        out.push('\n');
        Ok(PreservedAnalyses::all())
    }
    fn is_required(&self) -> bool {
        true
    }
}
