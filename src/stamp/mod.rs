//! Screenshots: the owner and licence strip under every published photograph.
