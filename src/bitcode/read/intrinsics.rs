//! Intrinsic declarations: LLVM's reader gives every function that names
//! an intrinsic the attributes of its intrinsic (`UpgradeIntrinsicFunction`
//! sets `Intrinsic::getAttributes`), whatever the bitcode says; so does
//! this reader, from `ir/intrinsics`' table, less the attributes the
//! declared types cannot carry.

use super::{Rd, Res};

impl Rd<'_, '_> {
    /// Gives every intrinsic declaration of the module its intrinsic's
    /// attributes.
    pub(super) fn reset_intrinsic_attrs(&mut self) -> Res<()> {
        let fs: Vec<_> = self.ctx.functions(self.m).collect();
        for f in fs {
            if let Some(id) = self.ctx.intrinsic_id(f) {
                // Then, as for every function, without the attributes the
                // declared types cannot carry (`UpgradeFunctionAttributes`).
                let attrs = id.attributes().clone();
                let fty = self.ctx.signature(f);
                let attrs = match self.ctx.function_parts(fty) {
                    Some((ret, params, _)) => {
                        super::upgrade::compatible_attrs(self.ctx, attrs, ret, params)
                    }
                    None => attrs,
                };
                self.ctx.function_data_mut(f).attrs = attrs;
            }
        }
        Ok(())
    }
}
