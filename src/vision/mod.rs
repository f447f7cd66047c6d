//! Reading boards from screenshots: image -> grid -> tiles -> letters.
